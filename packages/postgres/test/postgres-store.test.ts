import { randomBytes } from 'node:crypto';
import { describeStoreConformance } from '@transmute/service/testing';
import pg from 'pg';
import { createPostgresStore } from '../src/index.js';

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `conformance_${randomBytes(6).toString('hex')}`;

describeStoreConformance('postgres', {
  open: () => createPostgresStore({ connectionString, schema }),
  cleanup: async () => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  },
});
