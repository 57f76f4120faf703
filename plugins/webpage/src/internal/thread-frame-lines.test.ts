import { describe, expect, it } from 'vitest';
import { isBoilerplateLine } from './boilerplate-patterns.js';
import { isThreadFrameLine } from './thread-frame-lines.js';

describe('isThreadFrameLine', () => {
  it("reads a thread's frame: a sort form's labels, a print link, a fold, a post's buttons", () => {
    for (const line of [
      'Display: Sort by: Direction:',
      'Switch to Print View - 22 posts',
      'Read more posts (7 remaining)',
      'Link:Copy link',
      'Reply Subscribe',
      'Quote Reply Report',
      'Join the conversation',
      'You need to be a member in order to leave a comment',
      "Sign up for a new account in our community. It's easy!",
      'You can post now and register later. If you have an account, sign in now to post with your account.',
      'Note: Your post will require moderator approval before it will be visible.',
      'I already have an account',
    ]) {
      expect(isThreadFrameLine(line), line).toBe(true);
      expect(isBoilerplateLine(line), line).toBe(true);
    }
  });

  it("keeps a label with its value, and a post's words", () => {
    for (const line of [
      'Location: London',
      'Note: restart the service after the update.',
      'Reply to this if you have the same board.',
      'Subscribe',
      'Read more posts from this author in the archive',
      'Join the conversation on climate at our town hall next week.',
      'You need to be a member of the club to use the workshop.',
    ]) {
      expect(isThreadFrameLine(line), line).toBe(false);
    }
  });
});
