/** Where the SSF transmitter's endpoints are, from the host's root (decisions.md: under /api/ssf/). */
export const SSF_PATHS = {
  jwks: '/api/ssf/jwks',
  stream: '/api/ssf/stream',
  status: '/api/ssf/status',
  addSubject: '/api/ssf/subjects/add',
  removeSubject: '/api/ssf/subjects/remove',
  verification: '/api/ssf/verify',
  /** A poll stream's endpoint: this, then the stream's id. */
  poll: '/api/ssf/poll/',
} as const;
