import type { Problem } from '../scenario';

/** Everything wrong with the link that was opened, said once, dismissible. */
export function ProblemsBanner({
  problems,
  onDismiss,
}: {
  problems: Problem[];
  onDismiss: () => void;
}) {
  const params = [...new Set(problems.map((p) => p.param).filter((p): p is string => p !== null))];
  return (
    <div className="problems" role="alert" data-testid="problems">
      <div>
        <p className="problems-head">
          <strong>This link had problems</strong>
          {params.length > 0 ? `; defaults used for: ${params.join(', ')}.` : '.'}
        </p>
        <ul>
          {problems.map((p, i) => (
            <li key={i}>
              <ProblemText problem={p} />
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="dismiss" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** Messages start with the parameter's name (`records: …`); it is set as code. */
function ProblemText({ problem }: { problem: Problem }) {
  const prefix = problem.param === null ? null : `${problem.param}:`;
  if (prefix === null || !problem.message.startsWith(prefix)) return <>{problem.message}</>;
  return (
    <>
      <code>{problem.param}</code>:{problem.message.slice(prefix.length)}
    </>
  );
}
