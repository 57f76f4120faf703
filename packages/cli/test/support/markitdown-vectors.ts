/**
 * MarkItDown's test vectors (`packages/markitdown/tests/_test_vectors.py` and the docx comment and
 * equation tests of `test_module_misc.py`, microsoft/markitdown), each for the file of
 * `fixtures/documents-markitdown/` that carries the same content facts. `mustInclude` and
 * `mustNotInclude` are MarkItDown's strings, verbatim. Where our markdown writes the same fact
 * another way on purpose, `differs` names the string we write instead and why: the fact is still
 * asserted, and the difference is on record (docs/DECISIONS.md, issue 26 documents).
 */
export interface MarkItDownVector {
  file: string;
  mustInclude: string[];
  mustNotInclude: string[];
  differs?: Record<string, { ours: string; why: string }>;
}

const PAPER = [
  '314b0a30-5b04-470b-b9f7-eed2c2bec74a',
  '49e168b7-d2ae-407f-a055-2167576f39a1',
  '## d666f1f7-46cb-42bd-9a39-9a39cf2a509f',
  '# Abstract',
  '# Introduction',
  'AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation',
];
const DECK = [
  '2cdda5c8-e50e-4db4-b5f0-9722a649f455',
  '04191ea8-5c73-4215-a1d3-1cfb43aaaf12',
  '44bf7d06-5e7a-4a40-a2e1-a2e42ef28c8a',
  '1b92870d-e3b5-4e65-8153-919f4ff45592',
];
const WORKBOOK = [
  '## 09060124-b5e7-4717-9d07-3c046eb',
  '6ff4173b-42a5-4784-9b19-f49caff4d93d',
  'affc7dad-52dc-4b98-9b5d-51e65d8a8ad0',
];
const WIKIPEDIA = [
  'Microsoft entered the operating system (OS) business in 1980 with its own version of [Unix]',
  'Microsoft was founded by [Bill Gates](/wiki/Bill_Gates "Bill Gates")',
];

/** A picture is named by its part in the package; MarkItDown names it `<data URI elided>` or by its shape. */
const PICTURE_NAME = 'pictures are named by their part in the package, which the zip output holds';

export const MARKITDOWN_VECTORS: readonly MarkItDownVector[] = [
  {
    file: 'test.docx',
    mustInclude: [...PAPER, 'data:image/png;base64...'],
    mustNotInclude: ['data:image/png;base64,iVBORw0KGgoAAAANSU'],
    differs: { 'data:image/png;base64...': { ours: '](image1.png)', why: PICTURE_NAME } },
  },
  {
    file: 'test_with_comment.docx',
    mustInclude: [
      ...PAPER,
      'This is a test comment. 12df-321a',
      'Yet another comment in the doc. 55yiyi-asd09',
    ],
    mustNotInclude: [],
  },
  { file: 'equations.docx', mustInclude: ['$m=1$', '$$E=mc^2$$'], mustNotInclude: [] },
  { file: 'test.xlsx', mustInclude: WORKBOOK, mustNotInclude: [] },
  { file: 'test.xls', mustInclude: WORKBOOK, mustNotInclude: [] },
  {
    file: 'test.pptx',
    mustInclude: [
      ...DECK,
      'AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation',
      'a3f6004b-6f4f-4ea8-bee3-3741f4dc385f',
      '2003',
      '![This phrase of the caption is Human-written.](Picture4.jpg)',
    ],
    mustNotInclude: ['data:image/jpeg;base64,/9j/4AAQSkZJRgABAQE'],
    differs: {
      '![This phrase of the caption is Human-written.](Picture4.jpg)': {
        ours: '![This phrase of the caption is Human-written.](image-2-1.jpeg)',
        why: PICTURE_NAME,
      },
    },
  },
  {
    file: 'test_outlook_msg.msg',
    mustInclude: [
      '# Email Message',
      '**From:** test.sender@example.com',
      '**To:** test.recipient@example.com',
      '**Subject:** Test Email Message',
      '## Content',
      'This is the body of the test email message',
    ],
    mustNotInclude: [],
    differs: {
      '# Email Message': {
        ours: '# Test Email Message',
        why: 'a message is titled by its subject, as every mail reader shows it',
      },
      '**From:** test.sender@example.com': {
        ours: 'From: Test Sender \\<test.sender@example.com>',
        why: 'a mailbox is its name and address (`<` escaped: it would open an autolink)',
      },
      '**To:** test.recipient@example.com': {
        ours: 'To: Test Recipient \\<test.recipient@example.com>',
        why: 'a mailbox is its name and address (`<` escaped: it would open an autolink)',
      },
      '**Subject:** Test Email Message': {
        ours: '# Test Email Message',
        why: 'the subject is the title, not repeated as a field',
      },
      '## Content': {
        ours: 'Date: 2026-01-15T09:30:00.000Z\n\nThis is the body',
        why: 'the body follows the header block without a heading of its own',
      },
    },
  },
  {
    file: 'test.pdf',
    mustInclude: ['While there is contemporaneous exploration of multi-agent approaches'],
    mustNotInclude: [],
  },
  {
    file: 'test_blog.html',
    mustInclude: [
      'Large language models (LLMs) are powerful tools that can generate natural language texts for various applications, such as chatbots, summarization, translation, and more. GPT-4 is currently the state of the art LLM in the world. Is model selection irrelevant? What about inference parameters?',
      'an example where high cost can easily prevent a generic complex',
    ],
    mustNotInclude: [],
  },
  {
    file: 'test_wikipedia.html',
    mustInclude: WIKIPEDIA,
    mustNotInclude: [
      'You are encouraged to create an account and log in',
      '154 languages',
      'move to sidebar',
    ],
  },
  {
    file: 'test_serp.html',
    mustInclude: [
      '](https://en.wikipedia.org/wiki/Microsoft',
      'Microsoft Corporation is **an American multinational corporation and technology company headquartered** in Redmond',
      '1995–2007: Foray into the Web, Windows 95, Windows XP, and Xbox',
    ],
    mustNotInclude: ['https://www.bing.com/ck/a?!&&p=', 'data:image/svg+xml,%3Csvg%20width%3D'],
  },
  {
    file: 'test_mskanji.csv',
    mustInclude: [
      '| 名前 | 年齢 | 住所 |',
      '| --- | --- | --- |',
      '| 佐藤太郎 | 30 | 東京 |',
      '| 三木英子 | 25 | 大阪 |',
      '| 髙橋淳 | 35 | 名古屋 |',
    ],
    mustNotInclude: [],
  },
  {
    file: 'test.json',
    mustInclude: ['5b64c88c-b3c3-4510-bcb8-da0b200602d8', '9700dc99-6685-40b4-9a3a-5e406dcb37f3'],
    mustNotInclude: [],
  },
  {
    file: 'test_rss.xml',
    mustInclude: [
      '# The Official Microsoft Blog',
      '## Ignite 2024: Why nearly 70% of the Fortune 500 now use Microsoft 365 Copilot',
      'In the case of AI, it is absolutely true that the industry is moving incredibly fast',
    ],
    mustNotInclude: ['<rss', '<feed'],
  },
  {
    file: 'test_notebook.ipynb',
    mustInclude: ['# Test Notebook', '```python', 'print("markitdown")', '```', '## Code Cell Below'],
    mustNotInclude: ['nbformat', 'nbformat_minor'],
  },
  {
    file: 'test_files.zip',
    mustInclude: [...PAPER, ...DECK, ...WORKBOOK, ...WIKIPEDIA],
    mustNotInclude: [],
  },
  {
    file: 'test.epub',
    mustInclude: [
      '**Authors:** Test Author',
      'A test EPUB document for MarkItDown testing',
      '# Chapter 1: Test Content',
      'This is a **test** paragraph with some formatting',
      '* A bullet point',
      '* Another point',
      '# Chapter 2: More Content',
      '*different* style',
      '> This is a blockquote for testing',
    ],
    mustNotInclude: [],
    differs: {
      '**Authors:** Test Author': {
        ours: 'Author: Test Author',
        why: 'facts are `Label: value` lines; one author is an Author',
      },
      '* A bullet point': {
        ours: '- A bullet point',
        why: 'bullets are `-` (`*` for a list right after a list)',
      },
      '* Another point': {
        ours: '- Another point',
        why: 'bullets are `-` (`*` for a list right after a list)',
      },
    },
  },
];
