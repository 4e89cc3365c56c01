import type { Texture } from './palette';

/** The page's own colour, marked over a bar's colour: white on the light page, near-black on the dark. */
const MARK = 'var(--paper, #ffffff)';

/**
 * A fill texture as an SVG pattern: the colour, with marks of the page's colour over it (dots,
 * stripes, a grid), so bars of two parts read apart without their colours. `solid` needs no
 * pattern: fill with the colour itself (`textureFill`).
 */
export function TexturePattern({
  id,
  colour,
  texture,
}: {
  id: string;
  colour: string;
  texture: Texture;
}) {
  if (texture === 'solid') return null;
  const turned = texture === 'crosshatch';
  return (
    <pattern
      id={id}
      width="6"
      height="6"
      patternUnits="userSpaceOnUse"
      patternTransform={turned ? 'rotate(45)' : undefined}
      data-texture={texture}
    >
      <rect width="6" height="6" fill={colour} />
      {texture === 'dots' && <circle cx="3" cy="3" r="1.4" fill={MARK} />}
      {(texture === 'horizontal' || texture === 'grid' || turned) && (
        <rect y="2.3" width="6" height="1.4" fill={MARK} />
      )}
      {(texture === 'vertical' || texture === 'grid' || turned) && (
        <rect x="2.3" width="1.4" height="6" fill={MARK} />
      )}
    </pattern>
  );
}

/** What a bar with this colour and texture fills with. */
export function textureFill(id: string, colour: string, texture: Texture): string {
  return texture === 'solid' ? colour : `url(#${id})`;
}
