import { registerTopic, stopRealtime, WALL_TOPIC } from '@/lib/realtime';
import type { WallBoard } from './api/display-api';

/**
 * The `wall` topic on the client: each `counts` push carries the board's live part (the counts, the
 * per-site split and the latest arrivals) in place of the old one; a revoked token blanks the wall.
 */

registerTopic(WALL_TOPIC, {
  queryKeys: [[WALL_TOPIC]],
  alwaysApply: ['revoked'],
  events: {
    counts: ({ queryClient, data }) => {
      queryClient.setQueryData<WallBoard>([WALL_TOPIC, 'board'], (board) => (board ? { ...board, ...data } : board));
    },
    revoked: () => stopRealtime('revoked'),
  },
  snapshot: ({ queryClient, data }) => {
    queryClient.setQueryData([WALL_TOPIC, 'board'], data);
  },
});
