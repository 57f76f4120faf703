import { describe, expect, it } from 'vitest';
import { isBoilerplateLine, isNamedBoilerplate, isStampLine, readableAlt } from './boilerplate-patterns.js';

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

  it("drops a poster's registration, a thread's opening frame, counters, edit notes and attachment counts", () => {
    for (const line of [
      'Joined: Mon Jul 24, 2017 9:28 am',
      'Registered: 2016-07-02',
      '505 posts · Joined 2010',
      'Thread starter latawiec',
      'Start date Oct 28, 2023',
      'Discussion starter',
      'Replies 154',
      'Views : 7,909',
      '(95.79 KiB) Downloaded 478 times',
      'Edited June 19, 2024 1 yr by ColdJ',
      'Edited January 29 by ErnestQ (see edit history)',
      'i forgot something to add (see edit history)',
      '2 weeks later...',
      'Featured Replies',
      'Recommended Posts',
      'Replies sorted oldest to newest',
      'Share on Facebook',
      'Copy Link to Topic',
      'Code: Select all',
      'Created 1 yr 1 yr',
      'Last Reply Sep 26 Sep 26',
      'Last edited: Sep 6, 2022',
      'Start asking to get answers',
      'Find the answer to your question by asking.',
      'Explore related questions',
      'See similar questions with these tags.',
      'Sorted by: Reset to default',
      'You must log in to answer this question.',
      'You may not post replies',
      'BB code is On',
      'HTML code is Off',
      'Before you start posting please read the forum rules. By posting to this forum you agree to abide by the rules.',
      'Welcome to the Example Forums. If this is your first visit, be sure to check out the FAQ by clicking the link above.',
    ])
      expect(isBoilerplateLine(line), line).toBe(true);
  });

  it("keeps a course's start date, a registered trademark's line and a post's own words about edits", () => {
    for (const line of [
      'Start date: 12 May 2025',
      'Registered: yes',
      'Edited by the team at the museum',
      'The replies to 154 questions are in the appendix.',
      'Two weeks later the board failed again.',
      'Share on Facebook is greyed out in the app since the update.',
    ])
      expect(isBoilerplateLine(line), line).toBe(false);
  });

  it("drops a template's error and waiting states", () => {
    for (const line of [
      'Sorry, there was a problem.',
      'There was an error retrieving your Wish Lists. Please try again.',
      'There was a problem calculating your shipping. Please try again.',
      'Oops! Something went wrong. Please try again.',
      'Opps! Something went wrong. Please try again later.',
      "We're sorry, your request can't be completed right now. Please try again later.",
      'Loading...',
      'LOADING...',
    ])
      expect(isBoilerplateLine(line), line).toBe(true);
  });

  it('keeps sentences about errors and loading that are the text', () => {
    for (const line of [
      'If the download fails, please try again.',
      'Loading the dishwasher: plates at the back, cups on top.',
      'Sorry seems to be the hardest word.',
      "Sorry, we can't reproduce that here; could you post the log?",
      "We're sorry to hear the hinge broke, we will send a new one.",
      'Sorry to be a bother, through trial and error I have answered my own question above:',
      'There was a problem with the PSU, so I replaced it.',
      'Something went wrong with my install after the update.',
      'The error was a problem with the cache, fixed in 2.1.',
    ])
      expect(isBoilerplateLine(line), line).toBe(false);
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

describe('isStampLine', () => {
  it("reads an item's date and byline, not a poster's join date repeated beside each post", () => {
    expect(isStampLine('Dec 17, 2025')).toBe(true);
    expect(isStampLine('By Logan Jones')).toBe(true);
    expect(isStampLine('Joined: Mon Jul 24, 2017 9:28 am')).toBe(false);
    expect(isStampLine('Member since Mar 2016')).toBe(false);
  });
});
