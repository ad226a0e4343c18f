import { natsConnector } from './broker/nats.connector.ts';
import { rabbitmqConnector } from './broker/rabbitmq.connector.ts';
import type { Connector } from './contract.ts';
import { datasetDestinationConnector } from './dataset/dataset-destination.ts';
import { datasetSourceConnector } from './dataset/dataset-source.ts';
import { fileSourceConnector } from './file/file.connector.ts';
import { mysqlConnector } from './mysql/mysql.connector.ts';
import { postgresConnector } from './postgres/postgres.connector.ts';
import { restConnector } from './rest/rest.connector.ts';
import { s3Connector } from './s3/s3.connector.ts';
import { webhookConnector } from './webhook/webhook.connector.ts';

/**
 * Every connector the product offers. A connector module adds itself here; the catalogue, the
 * settings forms and the contract test suite all read this list.
 */
export const connectors: Connector[] = [
  postgresConnector,
  mysqlConnector,
  restConnector,
  s3Connector,
  webhookConnector,
  rabbitmqConnector,
  natsConnector,
  datasetSourceConnector,
  datasetDestinationConnector,
  fileSourceConnector,
];

export function findConnector(type: string): Connector | undefined {
  return connectors.find((c) => c.spec.type === type);
}
