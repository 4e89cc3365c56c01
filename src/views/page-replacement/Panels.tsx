import type { ExtraPanelProps } from '../extraPanel';
import LongRunPanel from './LongRunPanel';
import TracePanel from './TracePanel';

/** The page-replacement model's extra panels: the step-by-step trace, then long runs. */
export default function Panels(props: ExtraPanelProps) {
  return (
    <>
      <TracePanel {...props} />
      <LongRunPanel {...props} />
    </>
  );
}
