import { LinkFillScreen } from '../../../features/questionnaires/components/link-fill-screen';

/** /cuestionario#<token>: a questionnaire notice's link, filled without signing in (ADR 0016). */
export function Component() {
  return (
    <div className="px-4 py-8 sm:px-6">
      <LinkFillScreen />
    </div>
  );
}
