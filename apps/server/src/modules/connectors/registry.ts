import type { Connector } from './contract.ts';
import { mysqlConnector } from './mysql/mysql.connector.ts';
import { postgresConnector } from './postgres/postgres.connector.ts';

/**
 * Every connector the product offers. A connector module adds itself here; the catalogue, the
 * settings forms and the contract test suite all read this list.
 */
export const connectors: Connector[] = [postgresConnector, mysqlConnector];

export function findConnector(type: string): Connector | undefined {
  return connectors.find((c) => c.spec.type === type);
}
