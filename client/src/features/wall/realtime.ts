import { registerTopic, stopRealtime, WALL_TOPIC } from '@/lib/realtime';
import type { WallBoard } from './api/display-api';

/** The `wall` topic on the client: the board's counts, and a revoked token that blanks the wall. */

registerTopic(WALL_TOPIC, {
  queryKeys: [[WALL_TOPIC]],
  alwaysApply: ['revoked'],
  events: {
    counts: ({ queryClient, data }) => {
      queryClient.setQueryData<WallBoard>([WALL_TOPIC, 'board'], (board) => (board ? { ...board, counts: data } : board));
    },
    revoked: () => stopRealtime('revoked'),
  },
  snapshot: ({ queryClient, data }) => {
    queryClient.setQueryData([WALL_TOPIC, 'board'], data);
  },
});
