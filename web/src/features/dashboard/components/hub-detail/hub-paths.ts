// Links between the Hub screens, under whichever route set the page was opened in
// (useHubsBasePath: /dashboard/hubs or /dashboard/logistics/hubs).

export function hubPaths(base: string, hubId: string) {
  const hub = `${base}/${encodeURIComponent(hubId)}`;
  return {
    list: base,
    detail: hub,
    history: `${hub}/history`,
    lockerHistory: (lockerId: string) => `${hub}/lockers/${encodeURIComponent(lockerId)}/history`,
  };
}
