/**
 * Every feature's realtime topic registration (`registerTopic` in lib/realtime.ts), loaded once at
 * start so an event is handled even before its screen's chunk loads (the sidebar badges follow the
 * approval queues on every page). A feature with a new topic adds its line here; lib/ is not edited.
 */
import '@/components/jobs/jobs-topic';
import '@/features/approval-attendance/realtime';
import '@/features/approval-izin/realtime';
import '@/features/dashboard/realtime';
import '@/features/notifications/realtime';
import '@/features/wall/realtime';
