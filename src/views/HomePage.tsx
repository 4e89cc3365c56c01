import { MODEL_INFOS } from '../models/registry';
import { defaultScenario, presetScenario, type View } from '../scenario';
import { scenarioHash } from '../state/scenarioLink';
import { PAPERS } from '../papers/papers';
import { LESSON_ENTRIES } from '../papers/papers';
import { GLOSSARY_HASH, LESSONS_HASH, lessonHash, PREDICTIONS_HASH } from '../state/useRoute';
import { homePicture, type HomePicture } from './homePictures';

/** A page's link in the page's view: projector mode's `?view=projector` kept. */
const inView = (hash: string, view: View | undefined) =>
  view ? `${hash}${hash.includes('?') ? '&' : '?'}view=${view}` : hash;

/** A model's name, its title's part before the colon: "File access", "Directory search". */
const shortTitle = (title: string) => title.split(':')[0]!.trim();

/**
 * A model's headline chart at its default scenario, drawn small (src/models/<id>/picture.json,
 * generated from the model's golden chart data by scripts/home-pictures.ts). Decorative: the
 * card's words name the model and the chart.
 */
function Picture({ picture }: { picture: HomePicture }) {
  return (
    <svg className="home-picture" viewBox="0 0 120 48" aria-hidden="true" focusable="false">
      {picture.paths.map((d, i) => (
        <path key={i} d={d} className={`home-line home-line-${i}`} />
      ))}
    </svg>
  );
}

/** The papers and their models; links keep the page's view (projector mode). */
export function HomePage({ view }: { view?: View | undefined }) {
  const first = LESSON_ENTRIES[0];
  const firstPaper = first && PAPERS.find((p) => p.file === first.paper);
  const start = first && firstPaper ? { lesson: first, paper: firstPaper } : null;
  return (
    <main id="main" className="home">
      <section className="intro">
        <h1>Latency Lab</h1>
        <p className="home-lede">
          Five classic performance papers as live models: drag a knob and watch the paper’s own
          table change, model beside measurement.
        </p>
        {view === 'projector' && (
          <nav aria-label="Site" className="home-projector-nav" data-testid="home-projector-nav">
            <a href={inView(LESSONS_HASH, view)}>Lessons</a>
            <a href={inView(PREDICTIONS_HASH, view)}>How well do the models predict?</a>
            <a href={inView('#/machine', view)}>Your machine</a>
            <a href="#/">Leave projector mode</a>
          </nav>
        )}
        {start && (
          <p className="start-here">
            <a href={lessonHash(start.lesson.id, 1, { view })} data-testid="start-here">
              <strong>Start here:</strong> a guided lesson on {start.paper.title}
            </a>
          </p>
        )}
      </section>
      <section aria-labelledby="models-heading" className="home-models">
        <h2 id="models-heading">The models</h2>
        <ul className="model-cards">
          {MODEL_INFOS.map((m) => {
            const picture = homePicture(m.id);
            const paper = PAPERS.find((p) => p.file === m.paper);
            return (
              <li key={m.id}>
                <a
                  href={scenarioHash(defaultScenario(m), view)}
                  className="model-card"
                  data-testid={`model-card-${m.id}`}
                >
                  {picture && <Picture picture={picture} />}
                  <span className="model-card-title">{shortTitle(m.title)}</span>
                  {picture && <span className="model-card-chart">{picture.title}</span>}
                  {paper && <span className="model-card-paper">{paper.title}</span>}
                </a>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="about">
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
