import { fetchExportBlob } from '../api/export-blob';
import { provideExportFetcher } from '../platform/web-files';

/**
 * Hands the platform layer what it needs from the layers above it, once, before the first render: the
 * browser bridge downloads exports through the HTTP client, which itself sits on the bridge.
 */
export const bootPlatform = (): void => {
  provideExportFetcher(fetchExportBlob);
};
