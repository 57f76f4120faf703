import { describe, expect, it } from 'vitest';
import { isBoilerplateLine, isNamedBoilerplate, readableAlt } from './boilerplate-patterns.js';

const names = (...values: string[]) => ({ tag: 'span', names: values, itemprops: [], role: undefined });

describe('isNamedBoilerplate', () => {
  it("marks text named as a screen reader's only (one list with the spoken duplicates rule)", () => {
    for (const name of [
      'sr-only',
      'geist-sr-only',
      'visually-hidden',
      'screen-reader-text',
      'a-offscreen',
      'clipped',
    ])
      expect(isNamedBoilerplate(names(name))).toBe(true);
  });

  it('leaves a block whose names say nothing of the kind', () => {
    expect(
      isNamedBoilerplate(
        names('entry-content', 'post-body', 'is-clipped', 'utilities_visuallyhidden__5vJWI'),
      ),
    ).toBe(false);
  });
});

describe('readableAlt', () => {
  it("drops the alt text of a poster's avatar beside each post", () => {
    for (const alt of ['User avatar', 'Avatar of jdoe', "jdoe's avatar", 'Profile picture', 'member avatar'])
      expect(readableAlt(alt)).toBe('');
  });

  it('keeps an alt text that says what the picture shows', () => {
    expect(readableAlt('A lady in a long green dress feeding an okapi')).toBe(
      'A lady in a long green dress feeding an okapi',
    );
    expect(readableAlt('Avatar: The Way of Water poster')).toBe('Avatar: The Way of Water poster');
  });
});

describe('isBoilerplateLine', () => {
  it("drops a forum post's controls, counters and poster facts", () => {
    for (const line of [
      'embed',
      'Parent Share',
      '#2 | Link',
      '1,244 helpful votes',
      'Join Date: Mar 2016',
      'Trophy Points:',
    ])
      expect(isBoilerplateLine(line)).toBe(true);
  });

  it("drops a thread's frame: reply count, closed notice, clock, next links, sign-in prompts", () => {
    for (const line of [
      '20 replies to this topic',
      'This discussion is now closed.',
      'Not open for further replies.',
      'Jump to',
      'All times are GMT +1. The time now is 14:01.',
      '« Previous Thread | Next Thread »',
      'Thread Tools Display Modes',
      'Create an account or sign in to comment',
      'Already have an account? Sign in here.',
      'Powered by vBulletin® Version 3.8.11',
      'Users browsing this forum: Camtropia, Cro09, Greater Guantanamo, Razdor and 2 guests',
    ])
      expect(isBoilerplateLine(line)).toBe(true);
  });

  it("keeps a post's own sentences about reports, links and accounts", () => {
    for (const line of [
      'Report the bug on GitHub with the log attached.',
      'This link explains how to create an account on the router.',
      'Join the thread tools discussion next week',
      'Messages',
      "You must log in to the router's admin page first, then open Advanced and set the DNS to 1.1.1.1.",
      'Already have an account with Comcast? Then call them first.',
    ])
      expect(isBoilerplateLine(line)).toBe(false);
  });
});

describe('isBoilerplateLine: revision stamps', () => {
  it("drops a documentation or wiki page's revision stamp", () => {
    for (const line of [
      'This page was last modified on Dec 19, 2025 by MDN contributors.',
      'This page was last edited on 5 March 2024, at 12:00.',
      'Last updated 2025-12-18 UTC.',
      'Last modified: 2024/03/05',
    ]) {
      expect(isBoilerplateLine(line), line).toBe(true);
    }
  });

  it('keeps a sentence about a change and a post edited by its poster', () => {
    for (const line of [
      'Last edited by chunix64 (2025-11-01 15:15:18)',
      'Released 2025-12-18 with the new parser.',
      'The page was last updated before the 2.0 release, so some options are missing.',
      'Last updated 2025-12-18: the timeout is now 30 seconds.',
    ]) {
      expect(isBoilerplateLine(line), line).toBe(false);
    }
  });
});
