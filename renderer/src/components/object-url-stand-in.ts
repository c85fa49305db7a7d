/**
 * Test helper (never bundled): jsdom has no `URL.createObjectURL`. This stand-in keeps a registry of the
 * URLs made and revoked, so tests can read the blob behind a `blob:` URL and check that every URL a
 * widget made is revoked when it goes away.
 */
export interface ObjectUrlRegistry {
  live: Map<string, Blob>;
  created: string[];
  revoked: string[];
  restore(): void;
}

export function installObjectUrlStandIn(): ObjectUrlRegistry {
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  let counter = 0;
  const registry: ObjectUrlRegistry = {
    live: new Map(),
    created: [],
    revoked: [],
    restore() {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
    },
  };
  URL.createObjectURL = (object: Blob | MediaSource) => {
    counter += 1;
    const url = `blob:http://localhost:3000/object-${counter}`;
    registry.live.set(url, object as Blob);
    registry.created.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    registry.live.delete(url);
    registry.revoked.push(url);
  };
  return registry;
}
