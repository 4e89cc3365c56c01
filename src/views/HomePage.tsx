import { MODEL_INFOS } from '../models/registry';
import { defaultScenario, presetScenario, type View } from '../scenario';
import { scenarioHash } from '../state/scenarioLink';
import { PAPERS } from '../papers/papers';
import { LESSON_ENTRIES } from '../papers/papers';
import { GLOSSARY_HASH, lessonHash } from '../state/useRoute';

/** The papers and their models; links keep the page's view (projector mode). */
export function HomePage({ view }: { view?: View | undefined }) {
  return (
    <main id="main" className="home">
      <section className="intro">
        <h1>Latency Lab</h1>
        <p>
          Latency Lab turns classic performance papers into live models. Each model simulates the
          mechanism a paper describes — page faults, prefetch, caches, mode switches — and
          regenerates the paper’s own tables, model beside measurement, with the error in every
          cell. Drag a parameter and the tables and charts recompute; every state is a link you can
          share, and a teacher can edit that link by hand.
        </p>
        <p>
          New to the papers’ words (FREADSEEK, cothread, DMKUDR…)? See the{' '}
          <a href={view === 'projector' ? `${GLOSSARY_HASH}?view=${view}` : GLOSSARY_HASH}>
            glossary
          </a>
          .
        </p>
      </section>
      <section aria-labelledby="papers-heading">
        <h2 id="papers-heading">The papers</h2>
        <ol className="papers">
          {PAPERS.map((paper) => {
            const models = MODEL_INFOS.filter((m) => m.paper === paper.file);
            const lesson = LESSON_ENTRIES.find((l) => l.paper === paper.file);
            return (
              <li key={paper.file} className="paper" data-testid={`paper-${paper.file}`}>
                <h3>
                  {paper.title} <span className="authors">({paper.authors})</span>
                </h3>
                <p className="measures">{paper.measures}</p>
                {lesson && (
                  <p className="lesson-link">
                    <a
                      href={lessonHash(lesson.id, 1, { view })}
                      aria-label={`Guided lesson for a class: ${paper.title}`}
                    >
                      Guided lesson for a class
                    </a>
                  </p>
                )}
                {models.length === 0 ? (
                  <p className="coming">
                    <span className="badge">coming</span> No model yet.
                  </p>
                ) : (
                  models.map((m) => (
                    <div key={m.id} className="paper-model">
                      <p>
                        <a href={scenarioHash(defaultScenario(m), view)} className="model-link">
                          {m.title}
                        </a>
                      </p>
                      <ul className="preset-links" aria-label={`Paper tables for ${m.title}`}>
                        {m.presets.map((p) => (
                          <li key={p.id}>
                            <a href={scenarioHash(presetScenario(m, p.id), view)}>{p.title}</a>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))
                )}
              </li>
            );
          })}
        </ol>
      </section>
    </main>
  );
}
