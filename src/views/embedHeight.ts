import { useEffect } from 'react';

/**
 * An embed sized to its content. The embedded page posts its height to the page that frames
 * it; the snippet a course page pastes (src/views/EmbedPanel.tsx) carries a tiny listener
 * that sets its iframe's height from that message. The listener lives on the course site, so
 * the app's CSP (no inline scripts) is not involved; where a course site strips scripts, the
 * iframe keeps the height the snippet computed for what it shows.
 */
export const HEIGHT_MESSAGE = 'latency-lab:height';

/** The attribute the listener finds its iframes by. */
export const EMBED_FRAME_ATTR = 'data-latency-lab';

/** Room below the content for a last child's margin, which a box's height leaves out (px). */
const SLACK_PX = 16;

/**
 * Posts `{ type: HEIGHT_MESSAGE, height }` (CSS px) to the framing page whenever the content's
 * height changes. Only a number, so any origin may read it: the embed does not know its host.
 */
export function usePostHeight(): void {
  useEffect(() => {
    if (window.parent === window) return;
    const root = document.getElementById('root') ?? document.body;
    let last = 0;
    const post = () => {
      const height = Math.ceil(root.getBoundingClientRect().bottom + window.scrollY + SLACK_PX);
      if (Math.abs(height - last) < 2) return;
      last = height;
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
    };
    const observer = new ResizeObserver(post);
    observer.observe(root);
    post();
    return () => observer.disconnect();
  }, []);
}

/**
 * The course page's side, pasted after the iframe: on a height message from one of its Latency
 * Lab frames (the message's source is that frame's window), set that frame's height; bounded,
 * so a broken message cannot make a page miles long. Plain ES5, for any course site.
 */
export const RESIZE_SCRIPT =
  '<script>addEventListener("message",function(e){var d=e.data,f=document.querySelectorAll(' +
  `"iframe[${EMBED_FRAME_ATTR}]");if(!d||d.type!=="${HEIGHT_MESSAGE}"||!(d.height>0))return;` +
  'for(var i=f.length;i--;)if(f[i].contentWindow===e.source)' +
  'f[i].style.height=Math.min(Math.ceil(d.height),20000)+"px"});</script>';
