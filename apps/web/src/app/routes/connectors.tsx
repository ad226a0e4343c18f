import { ConnectorsScreen } from '../../features/connectors/index.ts';

/** /sources: source connections, their streams and syncs. */
export function SourcesRoute() {
  return <ConnectorsScreen key="source" side="source" />;
}
/** /destinations: destination connections and the syncs writing into them. */
export function DestinationsRoute() {
  return <ConnectorsScreen key="destination" side="destination" />;
}
