import '../i18n/pageMessages';
import type { Problem } from '../scenario';
import { useT } from '../i18n/LangContext';
import { problemText } from './problemText';

/** Everything wrong with the link that was opened, said once, dismissible. */
export function ProblemsBanner({
  problems,
  onDismiss,
}: {
  problems: Problem[];
  onDismiss: () => void;
}) {
  const t = useT();
  const params = [...new Set(problems.map((p) => p.param).filter((p): p is string => p !== null))];
  return (
    <div className="problems" role="alert" data-testid="problems">
      <div>
        <p className="problems-head">
          {t.rich(params.length > 0 ? 'problems.headParams' : 'problems.head', {
            strong: (chunks) => <strong>{chunks}</strong>,
            params: params.join(', '),
          })}
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
        {t('problems.dismiss')}
      </button>
    </div>
  );
}

/** In the page's language; messages start with the parameter's name (`records: …`), set as code. */
function ProblemText({ problem }: { problem: Problem }) {
  const t = useT();
  const text = problemText(t, problem);
  const prefix = problem.param === null ? null : `${problem.param}:`;
  if (prefix === null || !text.startsWith(prefix)) return <>{text}</>;
  return (
    <>
      <code>{problem.param}</code>:{text.slice(prefix.length)}
    </>
  );
}
