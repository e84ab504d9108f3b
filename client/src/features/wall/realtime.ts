import { registerTopic, stopRealtime, WALL_TOPIC, type HandlerContext } from '@/lib/realtime';

/** The `wall` topic on the client: the board's counts, and a revoked token that blanks the wall. */

type Counts = Record<string, unknown>;

registerTopic(WALL_TOPIC, {
  queryKeys: [[WALL_TOPIC]],
  alwaysApply: ['revoked'],
  events: {
    counts: ({ queryClient, data }: HandlerContext<Counts>) => {
      queryClient.setQueryData<Counts>([WALL_TOPIC, 'board'], (board) => (board ? { ...board, counts: data } : board));
    },
    revoked: () => stopRealtime('revoked'),
  },
  snapshot: ({ queryClient, data }: HandlerContext<Counts>) => {
    queryClient.setQueryData([WALL_TOPIC, 'board'], data);
  },
});
