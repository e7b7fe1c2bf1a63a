// The update and status commands' usage lines, shared by `compintel` help and the commands themselves.
export const UPDATE_USAGE = `update [--metadata-only | --feeds-only]   re-read known packages' metadata and download the feeds now
  status                     the queue (on-demand work included) and when each source was last refreshed`
