import { startBlobsServer } from '../../../tests/support/blobs-server.ts';
import { createBlobsRepository } from './blobs-repository.ts';
import { describeRepositoryContract } from './repository.contract.ts';

let storeCounter = 0;

describeRepositoryContract('Netlify Blobs (local BlobsServer)', async () => {
  const server = await startBlobsServer();
  return {
    // A store per test keeps tests independent on one server.
    fresh: () => createBlobsRepository({ store: server.getStore(`content-${++storeCounter}`) }),
    async takeDown() {
      const doomed = await startBlobsServer();
      const repo = createBlobsRepository({ connection: doomed.storeOptions });
      await repo.ping();
      await doomed.stop();
      return repo;
    },
    stop: () => server.stop(),
  };
});
