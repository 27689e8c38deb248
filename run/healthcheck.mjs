// The image's HEALTHCHECK (Dockerfile): exit 0 when this container's process answers
// GET /api/health/ready with 200. The API listens on PORT; projection and worker processes serve
// their health on HEALTH_PORT, which only they are given. Plain JavaScript: no tsx start per check.
const port = process.env.HEALTH_PORT || process.env.PORT || '3000';
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(4000) });
  process.exitCode = res.status === 200 ? 0 : 1;
} catch {
  process.exitCode = 1;
}
