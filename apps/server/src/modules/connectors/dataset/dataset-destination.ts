import { randomUUID } from 'node:crypto';
import { type Connector, ConnectorSettingsError, type Settings } from '../contract.ts';
import { datasetsOf } from './dataset-source.ts';

/*
 * The Mapwright dataset destination: each stream's records go to a dataset of the organization
 * named `<prefix><stream>` (created on first use; it shows in the Data overview and reads like
 * any other dataset: a flow or join input, or a dataset source's stream to use as a pipeline input).
 * `append` adds one Parquet file per batch; `overwrite` stages the files and replaces the
 * dataset's at commit in one statement. Upsert is not offered: the dataset layer stores immutable
 * files and has no key index to merge on cheaply.
 */

const MAX_NAME = 200;

function nameOf(settings: Settings, stream: string) {
  const prefix = typeof settings.prefix === 'string' ? settings.prefix : '';
  const name = `${prefix}${stream}`.trim();
  if (!name) throw new ConnectorSettingsError('prefix', 'the dataset needs a name');
  if (name.length > MAX_NAME)
    throw new ConnectorSettingsError('prefix', `the dataset name is longer than ${MAX_NAME} characters`);
  return name;
}

export const datasetDestinationConnector: Connector = {
  spec: {
    type: 'dataset_out',
    title: 'Mapwright dataset',
    description: 'Writes the synced records into a dataset of this organization (shown in Data)',
    roles: ['destination'],
    settings: {
      type: 'object',
      additionalProperties: false,
      properties: {
        prefix: {
          type: 'string',
          title: 'Dataset name prefix',
          description:
            'Each stream goes to the dataset named this prefix followed by the stream’s destination name',
          maxLength: 100,
          default: '',
        },
      },
    },
    secretFields: [],
    writeModes: ['append', 'overwrite'],
  },

  // the datasets are named `<prefix><stream>`, trimmed: a prefix's leading blanks change nothing
  targetOf: (settings) => ({
    setting: 'prefix',
    key: (typeof settings.prefix === 'string' ? settings.prefix : '').trimStart(),
  }),

  async check(_settings, ctx) {
    await datasetsOf(ctx).list();
  },

  async open(settings, req, ctx) {
    if (req.mode === 'upsert')
      throw new ConnectorSettingsError('mode', 'a Mapwright dataset takes append or overwrite, not upsert');
    const writer = await datasetsOf(ctx).createWriter({
      name: nameOf(settings, req.stream),
      mode: req.mode,
      // without a run id (a one-off write) the checkpoints belong to this writer alone
      runId: req.runId ?? randomUUID(),
    });
    return {
      write: (records, checkpoint) => writer.write(records, checkpoint),
      resumeState: () => writer.resumeState(),
      commit: () => writer.commit(),
      abort: () => writer.abort(),
    };
  },
};
