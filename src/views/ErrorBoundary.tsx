import { Component, type ContextType, type ErrorInfo, type ReactNode } from 'react';
import { LangContext, translator } from '../i18n/LangContext';
import { withLang } from '../i18n/pageLang';
import { errorText } from '../i18n/errorText';

interface Props {
  children: ReactNode;
  /** A new key (a new hash, new data) clears the error and gives the children another chance. */
  resetKey: string;
  /**
   * What is inside, in words (“the chart “Sweep of the prefetch distance””). With it, a
   * rendering error shows a short message in the part's place and the rest of the page stays;
   * without it, this is the page's last line of defence (a message and a way home).
   */
  part?: string;
}

interface State {
  error: Error | null;
  key: string;
}

/** A rendering bug shows a message, never a blank page: one per page, one per chart and panel. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };
  static override contextType = LangContext;
  declare context: ContextType<typeof LangContext>;

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const t = translator(this.context);
    if (this.props.part)
      return (
        <div className="error-box part-error" role="alert" data-testid="part-error">
          <p>
            <strong>
              {t('shell.partError', {
                part: t.lang === 'en' ? capitalise(this.props.part) : this.props.part,
              })}
            </strong>{' '}
            {errorText(t, error)}
          </p>
          <p>{t('shell.partErrorRest')}</p>
        </div>
      );
    return (
      <main id="main" className="page-error" role="alert">
        <h1>{t('shell.pageError')}</h1>
        <p>{errorText(t, error)}</p>
        <p>
          <a href={withLang('#/')}>{t('shell.pageErrorHome')}</a>
        </p>
      </main>
    );
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
