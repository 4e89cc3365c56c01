import '../i18n/pageMessages';
import { MODEL_INFOS } from '../models/registry';
import { defaultScenario, presetScenario, type View } from '../scenario';
import { scenarioHash } from '../state/scenarioLink';
import { PAPERS } from '../papers/papers';
import { LESSON_ENTRIES } from '../papers/papers';
import { GLOSSARY_HASH, LESSONS_HASH, lessonHash, PREDICTIONS_HASH } from '../state/useRoute';
import { useT } from '../i18n/LangContext';
import { withLang } from '../i18n/pageLang';
import { homePicture, type HomePicture } from './homePictures';

type Paper = (typeof PAPERS)[number];

/** A page's link in the page's view (projector mode's `?view=projector` kept) and language. */
const inView = (hash: string, view: View | undefined) =>
  withLang(view ? `${hash}${hash.includes('?') ? '&' : '?'}view=${view}` : hash);

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
  const t = useT();
  return (
    <main id="main" className="home">
      <Intro view={view} />
      <section aria-labelledby="models-heading" className="home-models">
        <h2 id="models-heading">{t('home.models')}</h2>
        <ModelCards view={view} />
      </section>
      <section className="about">
        <p>{t('home.about')}</p>
        <p>
          {t.rich('home.glossary', {
            a: (chunks) => <a href={inView(GLOSSARY_HASH, view)}>{chunks}</a>,
          })}
        </p>
      </section>
      <section aria-labelledby="papers-heading">
        <h2 id="papers-heading">{t('home.papers')}</h2>
        <ol className="papers">
          {PAPERS.map((paper) => (
            <PaperItem key={paper.file} paper={paper} view={view} />
          ))}
        </ol>
      </section>
    </main>
  );
}

/** The title and lede, projector mode's ways to the other pages, and the lesson to start with. */
function Intro({ view }: { view: View | undefined }) {
  const t = useT();
  const first = LESSON_ENTRIES[0];
  const firstPaper = first && PAPERS.find((p) => p.file === first.paper);
  return (
    <section className="intro">
      <h1>{t('shell.brand')}</h1>
      <p className="home-lede">{t('home.lede')}</p>
      {view === 'projector' && (
        <nav
          aria-label={t('shell.nav')}
          className="home-projector-nav"
          data-testid="home-projector-nav"
        >
          <a href={inView(LESSONS_HASH, view)}>{t('shell.lessons')}</a>
          <a href={inView(PREDICTIONS_HASH, view)}>{t('shell.predictions')}</a>
          <a href={inView('#/machine', view)}>{t('shell.machine')}</a>
          <a href={withLang('#/')}>{t('home.leaveProjector')}</a>
        </nav>
      )}
      {first && firstPaper && (
        <p className="start-here">
          <a href={lessonHash(first.id, 1, { view })} data-testid="start-here">
            {t.rich('home.startHere', {
              strong: (chunks) => <strong>{chunks}</strong>,
              paper: firstPaper.title,
            })}
          </a>
        </p>
      )}
    </section>
  );
}

/** One card per model: its picture, its name, its headline chart's and its paper's titles. */
function ModelCards({ view }: { view: View | undefined }) {
  const t = useT();
  return (
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
              <span className="model-card-title">
                {shortTitle(t.data(`model.${m.id}`, m.title))}
              </span>
              {picture && (
                <span className="model-card-chart">{t.data(`picture.${m.id}`, picture.title)}</span>
              )}
              {paper && <span className="model-card-paper">{paper.title}</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** A paper: what it measures, its lesson, and its models with a link to each of its tables. */
function PaperItem({ paper, view }: { paper: Paper; view: View | undefined }) {
  const t = useT();
  const models = MODEL_INFOS.filter((m) => m.paper === paper.file);
  const lesson = LESSON_ENTRIES.find((l) => l.paper === paper.file);
  return (
    <li className="paper" data-testid={`paper-${paper.file}`}>
      <h3>
        {paper.title} <span className="authors">({paper.authors})</span>
      </h3>
      <p className="measures">{t.data(`paper.${paper.file.slice(0, 3)}`, paper.measures)}</p>
      {lesson && (
        <p className="lesson-link">
          <a
            href={lessonHash(lesson.id, 1, { view })}
            aria-label={t('home.lessonLabel', { paper: paper.title })}
          >
            {t('home.lesson')}
          </a>
        </p>
      )}
      {models.length === 0 ? (
        <p className="coming">
          <span className="badge">{t('home.coming')}</span> {t('home.noModel')}
        </p>
      ) : (
        models.map((m) => {
          const title = t.data(`model.${m.id}`, m.title);
          return (
            <div key={m.id} className="paper-model">
              <p>
                <a href={scenarioHash(defaultScenario(m), view)} className="model-link">
                  {title}
                </a>
              </p>
              <ul className="preset-links" aria-label={t('home.presets', { model: title })}>
                {m.presets.map((p) => (
                  <li key={p.id}>
                    <a href={scenarioHash(presetScenario(m, p.id), view)}>
                      {t.data(`preset.${m.id}.${p.id}`, p.title)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}
    </li>
  );
}
