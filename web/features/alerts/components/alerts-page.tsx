import { PageHeader, Panel } from "../../../components/ui/page-header";
import { AlertList } from "./alert-item";

/** Every undismissed alert, newest first (the server answers at most 100). */
export default function AlertsPage() {
  return (
    <>
      <PageHeader title="Alerts" subtitle="Everything that needs a look, newest first" />
      <Panel title="Undismissed alerts">
        <AlertList />
      </Panel>
    </>
  );
}
