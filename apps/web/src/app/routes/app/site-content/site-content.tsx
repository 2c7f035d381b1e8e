import { useViewer } from '../../../../features/auth/api/get-viewer';
import { SiteEditorView } from '../../../../features/site-editor/components/site-editor-view';

/** /site-content */
export function Component() {
  const { role } = useViewer();
  return <SiteEditorView role={role} />;
}
