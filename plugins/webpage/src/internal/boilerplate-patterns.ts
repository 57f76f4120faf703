import { countPrices } from './catalogue.js';
import { isScreenReaderName } from './element-names.js';
import { isThreadFrameLine } from './thread-frame-lines.js';
/**
 * What marks a block inside an article as boilerplate rather than article text: the class, id,
 * itemprop and role names that page templates give captions, credits, bylines, dates, tag lists,
 * share bars, related links, comments and newsletter boxes (the names Readability, trafilatura and
 * jusText look for), and the wording of such lines when the template gave them no name.
 */

/** A class or id token (`-`/`_`-separated parts of a name) naming a boilerplate block. */
const BOILERPLATE_NAME = new RegExp(
  '(?:^|[-_])(?:' +
    [
      'caption',
      'wp-caption-text',
      'credits?',
      'tags?',
      'taglist',
      'hashtags?',
      'topics',
      'keywords',
      'share',
      'sharing',
      'social',
      'sociable',
      'related',
      'stories',
      'recommended',
      'recommendations',
      'comments?',
      'disqus',
      'newsletter',
      'subscribe',
      'subscription',
      'signup',
      'promo',
      'teaser',
      'advert',
      'advertisement',
      'ads?',
      'sponsor',
      'sponsored',
      'breadcrumbs?',
      'pagination',
      'pager',
      'toolbar',
      'tools',
      'bio',
      'outbrain',
      'taboola',
      'rating',
    ].join('|') +
    ')(?:$|[-_])',
  'i',
);

/** A class or id naming a list of other articles: `other-articles`, `most_popular`, `article-list`. */
const OTHER_ARTICLES_NAME =
  /(?:^|[-_])(?:(?:other|more|top|latest|popular|most[-_]?read|most[-_]?popular)[-_]?(?:articles|stories|news|posts|videos|links)|article[-_]?list|most[-_]?(?:read|popular|viewed|shared))(?:$|[-_])/i;

/**
 * A class or id naming a forum poster's signature, the same lines under each of their posts
 * (`signature`, `message-signature`, `ipsEntry__signature`); not a `signature-dish`.
 */
const SIGNATURE_NAME = /(?:^|[-_])signature$/i;

/** True when a class or id names a forum poster's signature ({@link SIGNATURE_NAME}). */
export function isSignatureName(name: string): boolean {
  return SIGNATURE_NAME.test(name);
}

/** A class or id token naming an attribution line: byline, author, date (see {@link isAttribution}). */
const ATTRIBUTION_NAME = /(?:^|[-_])(?:byline|authors?|dateline|date|timestamp|published|meta)(?:$|[-_])/i;

/**
 * True when an element's names mark an attribution line (byline, author, date). One such line is
 * the page's byline (metadata); the same line repeated per post (a forum thread) says who wrote
 * each post and stays.
 */
export function isAttribution(element: ElementNames): boolean {
  if (element.names.some((name) => ATTRIBUTION_NAME.test(name))) return true;
  return element.itemprops.some((value) => METADATA_ITEMPROPS.has(value.toLowerCase()));
}

/** `itemprop` values of metadata printed in the article (it belongs in the metadata). */
const METADATA_ITEMPROPS = new Set([
  'author',
  'datepublished',
  'datemodified',
  'publisher',
  'keywords',
  'creator',
]);

/** ARIA roles of blocks that are not the article's text. */
const NON_CONTENT_ROLES = new Set([
  'complementary',
  'navigation',
  'contentinfo',
  'banner',
  'note',
  'toolbar',
]);

/** Elements that never hold article text (captions, side boxes, page furniture, bylines). */
export const BOILERPLATE_TAGS = new Set(['figcaption', 'aside', 'nav', 'footer', 'address']);

/** What names an element: its tag and the class, id, itemprop and role the template gave it. */
export interface ElementNames {
  tag: string;
  /** Class names and the id. */
  names: readonly string[];
  itemprops: readonly string[];
  role: string | undefined;
}

/**
 * True when an element's tag or names mark it as boilerplate: a caption, credit, byline, date,
 * tag list, share bar, related box, comments, a poster's signature, newsletter, ad or a screen
 * reader's text (`photo-credit`, `post_tags`,
 * `itemprop="author"`, `role="complementary"`, `<figcaption>`).
 */
export function isNamedBoilerplate(element: ElementNames): boolean {
  if (BOILERPLATE_TAGS.has(element.tag)) return true;
  const named = [BOILERPLATE_NAME, OTHER_ARTICLES_NAME, ATTRIBUTION_NAME, SIGNATURE_NAME];
  if (element.names.some((name) => isScreenReaderName(name) || named.some((pattern) => pattern.test(name))))
    return true;
  if (element.itemprops.some((value) => METADATA_ITEMPROPS.has(value.toLowerCase()))) return true;
  return element.role !== undefined && NON_CONTENT_ROLES.has(element.role.toLowerCase());
}

/** A class or id token naming a caption: `caption`, `wp-caption-text`, `product-caption`. */
const CAPTION_NAME = /(?:^|[-_])caption(?:$|[-_])/i;

/**
 * True when an element is boilerplate only by a caption name (`product-caption`, `card_caption`):
 * its tag and its other names mark nothing. Such a block that holds a heading is a card's text (a
 * shop's product name, description and price), not an image's caption: a caption has no heading.
 */
export function isNamedCaptionOnly(element: ElementNames): boolean {
  if (!element.names.some((name) => CAPTION_NAME.test(name))) return false;
  return !isNamedBoilerplate({ ...element, names: element.names.filter((name) => !CAPTION_NAME.test(name)) });
}

/** Lines that are boilerplate whatever their length (up to {@link LONG_LINE_WORDS}). */
const BOILERPLATE_LINES: readonly RegExp[] = [
  // Credits and sources: "Photo: Reuters", "Image: VideoLAN", "Source: Google", "Via Sprint".
  /^(?:photo(?:graph)?s?|images?|pictures?|illustrations?|graphics?|source|credits?|via)\s*(?:credit)?\s*[:|/]/i,
  /^via\s+\p{Lu}/u,
  /\b(?:AP|AFP|Reuters|Getty Images|EPA|Bloomberg)\s*(?:Photo|Images)?\s*\/\s*\p{Lu}/u,
  /^\(?(?:AP|AFP)\s+Photo\b/i,
  /\bphoto(?:graph)?s?\s+(?:by|courtesy|credit)\b/i,
  // A caption that ends with its credit: "Storm clouds over the gulf. Photograph: NOAA/EPA".
  /\b(?:photo(?:graph)?|image|picture|credit)\s*:\s*[^:.]{2,60}$/i,
  /contributed (?:reporting )?to (?:this|the) (?:report|story|article)\.?\)?$/i,
  /^\(?(?:additional )?(?:reporting|writing|editing|compiled|interviews) by\b/i,
  // Author contact and follow lines.
  /^(?:follow|connect with|like)\b.{0,80}\bon (?:twitter|facebook|instagram|google\+?|linkedin)\b/i,
  /^follow (?:us|me|@)/i,
  /^follow\b.{0,60}\b(?:twitter|facebook|instagram)\b/i,
  /^for comments(?: and feedback)?\b/i,
  /^(?:write to|to contact the (?:reporter|editor|writer|author)s?|contact the (?:reporter|writer|author))\b/i,
  /\bcan be reached (?:at|by|via)\b/i,
  /^e-?mail (?:the )?(?:author|writer|reporter)\b/i,
  // A forum poster's counts beside each post: "Posts: 524", "Reaction score: 1,203", or the label
  // alone when the template puts the number in a block of its own ("Trophy Points:").
  /^(?:posts|messages|reaction score|points|trophy points|likes received|best answers|reputation|solutions|karma)\s*(?::\s*(?:[\d.,]+k?)?|[\d.,]+k?)$/i,
  // …their join date ("Join Date: Mar 2016", "Member since: 2019"), and a thread's frame: its reply
  // count, its closed notice, the forum's clock, its previous/next links, its software's credit.
  /^(?:join(?:ed)?(?: date)?|member since)\s*:\s*\S.{0,40}$/i,
  // …their registration date ("Registered: 2016-07-02") and counts with it ("505 posts · Joined
  // 2010"), a thread's opening frame ("Thread starter jdoe", "Start date Oct 28, 2023", without the
  // colon of a course's start date, "Discussion starter"), its counters ("Replies 154", "Views:
  // 7,909") and an attachment's download count ("(95.79 KiB) Downloaded 478 times").
  /^registered\s*:\s*(?=[^\n]*\d)\S.{0,40}$/i,
  /^[\d.,]+k?\s+posts?\s*[·•|]\s*joined\s+\S.{0,20}$/i,
  /^(?:thread|discussion) starter(?:\s+\S.{0,40})?$/i,
  /^start date\s+[^\s:].{0,30}$/i,
  /^(?:replies|views)\s*:?\s*[\d.,]+k?$/i,
  /^\(?[\d.,]+\s*[kmg]i?b\)?\s+downloaded\s+[\d.,]+\s+times?$/i,
  // A post's edit note ("Edited June 19, 2024 by jdoe", "typo (see edit history)"; not phpBB's
  // "Last edited by jdoe (date)", which a truth keeps) and the gap between two posts ("2 weeks
  // later...").
  /^edited\s+(?:on\s+|at\s+)?(?:\d|\p{L}{3,9}\.?\s+\d).{0,60}\bby\s+\S.{0,40}$/iu,
  /\(see edit history\)$/i,
  /^\d+\s+(?:minutes?|hours?|days?|weeks?|months?|years?)\s+later\s*(?:\.{3}|…)?$/i,
  // A thread's headings and controls around the posts: "Featured Replies", "Recommended Posts",
  // "Replies sorted oldest to newest", "Share on Facebook", "Copy Link to Topic", "Code: Select
  // all", and its summary ("Created 1 yr", "Last Reply Sep 26").
  /^(?:featured replies|recommended posts|original post|replies sorted (?:oldest|newest) to (?:newest|oldest)|copy link to (?:topic|thread|post|comment)|share on (?:facebook|twitter|x|pinterest|linkedin|reddit|whatsapp|email|tumblr)|code:\s*select all)$/i,
  // A forum's permissions box, line by line: "You may not post replies", "BB code is On".
  /^you (?:may|may not|can|cannot|can ?not) (?:post new (?:threads|topics)|post replies|reply to (?:threads|topics)|post attachments|edit your posts|delete your posts|post polls|vote in polls)$/i,
  /^(?:bb ?code|smilies|\[img\] code|\[video\] code|html code)\s+(?:is|are)\s+(?:on|off)$|^forum rules$/i,
  // A question-and-answer site's calls to ask and its sort control beside the answers.
  /^(?:start asking to get answers|find the answer to your question by asking\.?|explore related questions|see similar questions with these tags\.?|ask (?:a )?question|sorted by:?(?: reset to default)?|you must log in to answer this question\.?)$/i,
  /^(?:created|last reply)\s+(?:\d+\s*(?:yrs?|years?|mos?|months?|wks?|weeks?|days?|hrs?|hours?)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\.?\s+\d{1,2})\b.{0,20}$/iu,
  /^[\d.,]+\s+(?:replies|posts|comments|answers|messages)\s+(?:to|in)\s+this\s+(?:topic|thread|discussion)$/i,
  /^this (?:discussion|thread|topic) (?:is now |has been |is )?(?:closed|locked|archived)\b/i,
  /^not open for further replies\.?$/i,
  /^all times are (?:gmt|utc)\b/i,
  /^«?\s*previous (?:thread|topic)\s*\|\s*next (?:thread|topic)\s*»?$/i,
  /^powered by (?:vbulletin|phpbb|xenforo|invision|discourse|mybb|smf|simple machines|vanilla|flarum|nodebb)\b/i,
  // Invitations to sign in under a thread: "Create an account or sign in to comment".
  /^(?:create an account(?: or sign in)?(?: to (?:comment|reply|post|join)\b[^.]{0,30})?|register a new account|already have an account\?? *(?:(?:sign|log) in(?: here| now)?)?|sign in to (?:comment|reply|post|follow)(?: (?:on |to )?(?:this|the) (?:thread|topic|discussion|post))?|you must (?:be (?:logged|signed) in|log in|sign in) to (?:post|reply|comment|view|see|download|access|join)\b[^.]{0,30})\.?$/i,
  // A template's error and waiting states, shown only when a script fails or waits: "Sorry, there
  // was a problem.", "There was an error retrieving your Wish Lists. Please try again.", "Oops!
  // Something went wrong.", "Loading...".
  /^(?:we(?:'|’)re )?sorry[!,.]?\s+(?:there was (?:an? )?(?:error|problem)|something went wrong|(?:your|this) request (?:can(?:'|’)t|could not|cannot) be (?:completed|processed))\b.{0,80}$/i,
  /^(?:oops|opps|whoops|uh[- ]oh)[!.,]?\s+(?:something went wrong|there was (?:an? )?(?:error|problem)|an error (?:has )?occurred)\b.{0,80}$/i,
  /^(?:there was (?:an? )?(?:error|problem)|something went wrong)\b.{0,80}\bplease try again(?: later)?[.!]?$|^something went wrong[.!]?$/i,
  /^(?:loading|please wait)\s*(?:\.{1,3}|…)?$/i,
  // Legal lines.
  /\bcopyright\b|©|\ball rights reserved\b|\bnot to be reproduced\b|\bdo not reproduce\b/i,
  // Promotions and calls to action.
  /^(?:see also|related|also read|also|now read|read more|more|photos?|videos?|gallery|watch|listen|tags?|topics?|filed under|keywords)\s*[:>»]/i,
  /^for (?:complete|more|full|continuing|live) coverage\b/i,
  // Pull-quote frames and standfirsts: "Start Quote … End Quote", "Summary: …".
  /^start quote\b/i,
  /^(?:summary|in brief|highlights)\s*:/i,
  /^(?:blog )?comments powered by\b/i,
  /^is there something you'?d like (?:me|us) to write about\b/i,
  /\b(?:leave (?:me|us) a (?:message|comment)|share your (?:thoughts|ideas|views|stories)|let (?:me|us) know in the comments)\b/i,
  /\bsubscribing to (?:a|our) newsletter\b|^sign up (?:for|to) (?:our|the)\b/i,
  /^(?:to read|read) the full .{0,40}\bclick here\b/i,
  /\bclick (?:the )?(?:image|photo|picture) (?:for|to (?:see|view|enlarge)) (?:the )?(?:slideshow|gallery|larger)\b/i,
  // Page labels printed as `Label: value` lines: "Main Category: Cancer", "Article Date: 07 Jun 2013".
  /^(?:main |primary )?(?:categor(?:y|ies)|sections?|article date|posted in|filed in)\s*:/i,
  // Log-in and comment forms reduced to their labels.
  /^(?:comments\s+)?(?:threshold\s*)?user ?name\s+password\b/i,
  /^(?:report abuse|remember me|log ?in|sign in|register)(?:\s*[|/]\s*(?:report abuse|remember me|log ?in|sign in|register))*$/i,
];

/**
 * A comment section's house rules, however long: "Comments are filtered for language and
 * registration is required. The Times makes no guarantee …", "Comments are moderated …".
 */
const COMMENT_POLICY =
  /^(?:comments? (?:are|is|will be) (?:filtered|moderated|reviewed|subject to)|by (?:posting|commenting|submitting)\b.{0,60}\b(?:agree|accept)|we (?:welcome|encourage) (?:your )?(?:comments|readers? comments|discussion))/i;
/**
 * A forum's list of who reads the thread ("Users browsing this forum: Camtropia, … and 3 guests"),
 * its permissions box ("You may not post new threads You may not post replies …") and its welcome
 * to a visitor ("If this is your first visit, be sure to check out the FAQ", "Before you start
 * posting please read the forum rules").
 */
const WHO_IS_READING =
  /^(?:(?:users?|members?) browsing this (?:forum|topic|thread)\b|you may (?:not )?post new (?:threads|topics)\b|before you (?:start )?post(?:ing)?\b.{0,60}\b(?:rules|guidelines)\b)|\bif this is your first visit, be sure to check out the faq\b/i;
/** A house-rules text runs longer than other boilerplate lines. */
const POLICY_WORDS = 90;

/**
 * A caption, however long, ends with its agency credit: "… near the border with Syria, October 7,
 * 2012. REUTERS/Ali Jarekji", "… (AP Photo/Jane Doe)", "… (Getty Images)".
 */
const CAPTION_CREDIT_TAIL =
  /(?:\b(?:reuters|ap|afp|epa|ap photo|afp photo|getty images|bloomberg)\s*\/\s*[\p{L}][\p{L}.' -]{1,40}|\((?:getty images|reuters|ap|afp|epa)\))\)?\.?$/iu;
/** A caption runs longer than other boilerplate lines. */
const CAPTION_WORDS = 80;

/** An author bio: "Jonathan Mayo is a reporter for MLB.com …", "Alan Boyle is NBCNews.com's science editor". */
const AUTHOR_BIO =
  /^[\p{Lu}][\p{L}.'-]+(?:\s[\p{Lu}][\p{L}.'-]+){1,3}\s(?:is|was)\s(?:a|an|the|\S+['’]s)\s(?:[\p{L}.,-]+\s){0,5}(?:reporter|writer|editor|correspondent|columnist|contributor|producer|journalist|blogger)\b/u;
/** A bio runs longer than other boilerplate lines. */
const BIO_WORDS = 70;

/** Whole lines (headings, labels) that are boilerplate. */
const BOILERPLATE_EXACT =
  /^(?:related(?: stories| articles| links| content| coverage| posts| news| videos?)?|see also|more (?:about|from|on|in) .{1,60}|more (?:stories|news|videos?|photos)|more .{1,40} stories|other stories|top stories|part of (?:our )?(?:complete |full )?coverage(?: on| of)?(?: .{1,40})?|read more|continue reading|recommended(?: for you| stories)?|you (?:may|might) also like|trending(?: now)?|most popular|popular(?: stories)?|latest comments|(?:\d+ )?comments?|comments are closed|share(?: this(?: story| article| post)?)?|tags|topics|filed under|advertisement|advertising|sponsored(?: content| links)?|ads? by .{1,30}|logo|ad|image|photo|enlarge|hide caption|show caption|edit this article|thread tools(?: display modes)?|display modes|posting rules|forum jump|jump to|topic author|print view|post reply|scroll to see replies|email this article|print this article|show full (?:pr |press release )?text|back to top|\d+ of(?: \d+)?|playlist|download|audio|video|slideshow)\.?$/i;

/** Words of share bars, article tools and a post's controls (`Recommend0 Tweet0 Comments0 Email Print`). */
const TOOL_WORDS = new Set(
  (
    'email e mail print share tweet tweets comment comments recommend like likes text size font this article ' +
    'story post save close enlarge reprints permalink facebook twitter google linkedin pinterest reddit ' +
    'whatsapp more plus pin it a and or reply quote ' +
    // A post's controls and counters: `embed parent report`, `#2 | Link`, `1,244 helpful votes`.
    'embed parent report flag link bookmark multiquote helpful vote votes upvote downvote'
  ).split(' '),
);

/** Words of date and time stamps (`Updated Jul 18, 2013 10:06 PM ET`, `First posted …`). */
const DATE_WORDS = new Set(
  (
    'jan january feb february mar march apr april may jun june jul july aug august sep sept september oct ' +
    'october nov november dec december mon monday tue tues tuesday wed wednesday thu thur thurs thursday fri friday ' +
    'sat saturday sun sunday am pm a m p gmt bst utc est edt cst cdt mst mdt pst pdt et ct pt cet cest ist ' +
    'hkt jst kst sgt aest aedt awst acst nzst nzdt msk wib ict pht eet eest akst akdt hst ' +
    'updated update posted published first last modified edited date joined on at the of by st nd rd th'
  ).split(' '),
);

const MONTH_WORDS = new Set(
  'jan january feb february mar march apr april may jun june jul july aug august sep sept september oct october nov november dec december'.split(
    ' ',
  ),
);

/** A line longer than this is article text, whatever its wording. */
export const LONG_LINE_WORDS = 30;

/** The lower-cased `\w+` words of a text (the scorer's tokens). */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}_]+/gu) ?? []
  );
}

/**
 * True when a line (the whole text of a block) is boilerplate by its wording: a credit, a byline,
 * a date stamp, a follow/contact line, a legal line, a promotion, a share-bar or a label.
 */
export function isBoilerplateLine(text: string): boolean {
  const line = text.replace(/\s+/g, ' ').trim();
  const words = wordsOf(line);
  if (words.length === 0) return false;
  if (words.length <= BIO_WORDS && AUTHOR_BIO.test(line)) return true;
  if (words.length <= POLICY_WORDS && (COMMENT_POLICY.test(line) || WHO_IS_READING.test(line))) return true;
  if (words.length <= CAPTION_WORDS && CAPTION_CREDIT_TAIL.test(line)) return true;
  if (words.length > LONG_LINE_WORDS) return false;
  if (BOILERPLATE_EXACT.test(line)) return true;
  // Hashtag and handle lists: `#docks #harbour @cityhall`; not a decorator's signature
  // (`@functools.cache(user_function)`): a tag or handle is letters, digits, `_`, `.` and `-`.
  if (line.split(' ').every((part) => /^[#@][\p{L}\p{N}_.-]+$/u.test(part))) return true;
  if (BOILERPLATE_LINES.some((pattern) => pattern.test(line))) return true;
  if (isThreadFrameLine(line)) return true;
  if (words.length <= 12 && BYLINE.test(line)) return true;
  // Counters and tool labels (`12 Share`), but not a price (`$259.95`): its digits are a product's.
  if (
    words.length <= 15 &&
    words.every((word) => TOOL_WORDS.has(word.replace(/\d+$/, '')) || /^\d+$/.test(word)) &&
    countPrices(line, 1) === 0
  ) {
    return true;
  }
  if (isRevisionStamp(line, words)) return true;
  return isDateLine(words);
}

/**
 * A page's revision stamp, printed under a documentation or wiki page: `This page was last
 * modified on Dec 19, 2025 by MDN contributors`, `This page was last edited on 5 March 2024, at
 * 12:00`, `Last updated 2025-12-18 UTC`. It dates the page, not what the page says.
 */
const PAGE_REVISED = /^this (?:page|article|document) was last (?:modified|updated|edited|changed)\b/i;
/** A date written as digits, year first (`2025-12-18`, `2025/12/18`). */
const NUMERIC_DATE = /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b/;

function isRevisionStamp(line: string, words: readonly string[]): boolean {
  if (words.length > 20) return false;
  if (PAGE_REVISED.test(line)) return true;
  // `Last updated 2025-12-18 UTC`: a stamp's words around a date written in digits.
  if (!/^last (?:modified|updated)\b/i.test(line) || !NUMERIC_DATE.test(line)) return false;
  return words.every((word) => DATE_WORDS.has(word) || /^\d+$/.test(word));
}

/** A poster's join date: `Joined: Mon Jul 24, 2017 9:28 am`, `Member since Mar 2016`. */
const POSTER_SINCE = /^(?:join(?:ed)?(?: date)?|member since|registered)\b/i;

/** A byline: `By Logan Jones`, `Posted by …`. */
const BYLINE = /^(?:by|posted by|written by|words by|story by)\s+\S/i;

/**
 * True when a line is a byline or a date stamp (`By Logan Jones`, `Dec 17, 2025`): an article's
 * metadata, but on a page of items each card's own line (who wrote the item, when).
 */
export function isStampLine(text: string): boolean {
  const line = text.replace(/\s+/g, ' ').trim();
  const words = wordsOf(line);
  if (words.length === 0 || words.length > 12) return false;
  // A poster's join date beside each post dates the poster, not the post.
  if (POSTER_SINCE.test(line)) return false;
  return BYLINE.test(line) || isDateLine(words);
}

/** A date or time stamp: digits, month or weekday names and stamp words, nothing else worth keeping. */
function isDateLine(words: readonly string[]): boolean {
  if (words.length > 16) return false;
  const hasDigit = words.some((word) => /\d/.test(word));
  const hasMonth = words.some((word) => MONTH_WORDS.has(word));
  if (!hasDigit || !hasMonth) return false;
  const other = words.filter((word) => !DATE_WORDS.has(word) && !/^\d+$/.test(word));
  return other.length === 0;
}

/** Alt texts that name no content (`image`, `logo`, `photo 3`). */
const GENERIC_ALT =
  /^(?:an? |the )?(?:image|img|photo|picture|pic|logo|icon|thumbnail|thumb|banner|ad|advertisement|graphic|avatar|placeholder|spacer|screenshot|figure|untitled)(?:\s*\d+)?$|^enter image description here$/i;
/**
 * Alt texts of a poster's picture beside each post: `User avatar`, `Avatar of jdoe`, `jdoe's
 * avatar`, `Profile picture`. The post names its poster in text; the label repeats per post.
 */
const AVATAR_ALT =
  /^(?:(?:user|member|author|poster)\s+)?(?:avatar|profile (?:picture|photo|image|pic))(?:\s+(?:of|for)\s+.{1,60})?$|^.{1,60}['’]s\s+(?:avatar|profile (?:picture|photo|image|pic))$/i;
/** File names and their parts: `IMG_0042.JPG`, `milano-design-week-01`, `whit6e%20house%201.jpg`. */
const FILE_NAME_ALT =
  /\.(?:jpe?g|png|gif|webp|svg|bmp|tiff?|avif)\b|%20|^[\w-]*\d[\w-]*$|^[\w]+(?:[-_][\w]+){2,}$/i;
/** Hashes and hex names. */
const HASH_ALT = /^[0-9a-f]{12,}$/i;

/**
 * The alt text worth keeping: one that reads like words. File names, hashes, generic labels
 * (`image`, `logo`), a poster's avatar and photo credits give '' (the image stays, without alt text).
 */
export function readableAlt(alt: string): string {
  const text = alt.replace(/\s+/g, ' ').trim();
  if (text === '') return '';
  if (GENERIC_ALT.test(text) || AVATAR_ALT.test(text) || HASH_ALT.test(text) || FILE_NAME_ALT.test(text))
    return '';
  if (isBoilerplateLine(text) && wordsOf(text).length <= LONG_LINE_WORDS) return '';
  // A caption with its credit put in the alt attribute is a caption, however long.
  if (CAPTION_CREDIT_TAIL.test(text)) return '';
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  return letters >= 3 ? text : '';
}
