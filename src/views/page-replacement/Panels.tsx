import type { ExtraPanelProps } from '../extraPanel';
import LongRunPanel from './LongRunPanel';
import MemoryLivePanel from './MemoryLivePanel';
import TracePanel from './TracePanel';

/** The page-replacement model's extra panels: the step-by-step trace, long runs, then live. */
export default function Panels(props: ExtraPanelProps) {
  return (
    <>
      <TracePanel {...props} />
      <LongRunPanel {...props} />
      <MemoryLivePanel {...props} />
    </>
  );
}
