/** A Python notebook: markdown cells, code cells with stream and result outputs. */
export function writeIpynbNotebook(): Promise<Buffer> {
  const notebook = {
    cells: [
      {
        cell_type: 'markdown',
        metadata: {},
        source: ['# Harvest analysis\n', '\n', 'Weights by *hive*, from the spring inspection.'],
      },
      {
        cell_type: 'code',
        execution_count: 1,
        metadata: {},
        outputs: [{ name: 'stdout', output_type: 'stream', text: ['40\n'] }],
        source: ['weights = {"north": 14, "south": 26}\n', 'print(sum(weights.values()))'],
      },
      {
        cell_type: 'code',
        execution_count: 2,
        metadata: {},
        outputs: [
          {
            data: { 'text/plain': ["'south'"] },
            execution_count: 2,
            metadata: {},
            output_type: 'execute_result',
          },
        ],
        source: ['max(weights, key=weights.get)'],
      },
      { cell_type: 'markdown', metadata: {}, source: ['## Conclusion\n', '\n', 'The south hives did best.'] },
    ],
    metadata: {
      kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' },
      language_info: { name: 'python' },
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
  return Promise.resolve(Buffer.from(`${JSON.stringify(notebook, null, 1)}\n`));
}

/** An RSS 2.0 feed of two items with HTML descriptions, dates and links. */
export function writeRssFeed(): Promise<Buffer> {
  return Promise.resolve(
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
<channel>
<title>Valley apiary news</title>
<link>https://example.com/apiary</link>
<description>News from the north valley hives</description>
<item>
<title>Spring harvest weighed</title>
<link>https://example.com/apiary/spring-harvest</link>
<pubDate>Thu, 15 Jan 2026 09:30:00 GMT</pubDate>
<description>&lt;p&gt;Twelve hives gave &lt;b&gt;forty kilograms&lt;/b&gt; of acacia honey.&lt;/p&gt;</description>
</item>
<item>
<title>Queens ordered</title>
<link>https://example.com/apiary/queens</link>
<pubDate>Fri, 16 Jan 2026 08:00:00 GMT</pubDate>
<description>Six Buckfast queens arrive in May.</description>
</item>
</channel>
</rss>
`),
  );
}

/** An Atom feed of two entries, one with HTML content and one with a text summary. */
export function writeAtomFeed(): Promise<Buffer> {
  return Promise.resolve(
    Buffer.from(`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>Apiary log</title>
<id>urn:uuid:3d1b7c36-6a0e-4b0c-8f3e-2c9f1a4e5b77</id>
<updated>2026-01-16T08:00:00Z</updated>
<link href="https://example.com/apiary/log"/>
<entry>
<title>Autumn check</title>
<id>urn:uuid:3d1b7c36-6a0e-4b0c-8f3e-2c9f1a4e5b78</id>
<link href="https://example.com/apiary/log/autumn"/>
<updated>2026-01-15T09:30:00Z</updated>
<content type="html">&lt;p&gt;All hives healthy, &lt;em&gt;eighteen kilograms&lt;/em&gt; of stores each.&lt;/p&gt;</content>
</entry>
<entry>
<title>Mouse guards fitted</title>
<id>urn:uuid:3d1b7c36-6a0e-4b0c-8f3e-2c9f1a4e5b79</id>
<link href="https://example.com/apiary/log/guards"/>
<updated>2026-01-16T08:00:00Z</updated>
<summary>Guards are on every hive before the first frost.</summary>
</entry>
</feed>
`),
  );
}
