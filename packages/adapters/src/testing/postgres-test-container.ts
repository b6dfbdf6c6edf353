/** The image users pull; TEST_POSTGRES_IMAGE names another (a local build where no registry answers). */
export const DEFAULT_TEST_POSTGRES_IMAGE = 'postgres:17-alpine';

export type StartedTestPostgres = { url: string; stop(): Promise<void> };

/**
 * A PostgreSQL container for a test run, with PostgreSqlContainer's own wait strategy (its health
 * check runs `pg_isready` over TCP, and the port must listen). `labels` mark it for a reaper.
 */
export async function startPostgresTestContainer(
  image: string,
  labels: Record<string, string>,
): Promise<StartedTestPostgres> {
  // Loaded only when a container is wanted: a run without Docker never loads testcontainers.
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const started = await new PostgreSqlContainer(image).withLabels(labels).start();
  return {
    url: started.getConnectionUri(),
    async stop() {
      await started.stop();
    },
  };
}
