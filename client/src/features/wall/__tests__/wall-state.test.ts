import { describe, expect, it } from 'vitest';
import { initialWallPhase, keepsConnection, wallReducer, type WallEvent, type WallPhase } from '../components/wall-state';

const run = (events: WallEvent['type'][], token: string | null = 'tok'): WallPhase =>
  events.reduce((phase, type) => wallReducer(phase, { type }), initialWallPhase(token));

describe('wall state machine', () => {
  it('without a token the wall is invalid from the start and never connects', () => {
    expect(initialWallPhase(null)).toBe('invalid');
    expect(keepsConnection('invalid')).toBe(false);
  });

  it('goes live on its first board and stays connected while live', () => {
    expect(run([])).toBe('loading');
    expect(run(['board-loaded'])).toBe('live');
    expect(keepsConnection('loading')).toBe(true);
    expect(keepsConnection('live')).toBe(true);
  });

  it('a refusal before any board means the token never worked', () => {
    expect(run(['refused'])).toBe('invalid');
  });

  it('a refusal or a revocation after the board was shown means revoked', () => {
    expect(run(['board-loaded', 'refused'])).toBe('revoked');
    expect(run(['board-loaded', 'revoked'])).toBe('revoked');
    expect(run(['revoked'])).toBe('revoked');
  });

  it('revoked and invalid are final: nothing brings the board (or the socket) back', () => {
    expect(run(['board-loaded', 'revoked', 'board-loaded'])).toBe('revoked');
    expect(run(['refused', 'board-loaded', 'revoked'])).toBe('invalid');
    expect(keepsConnection('revoked')).toBe(false);
  });
});
