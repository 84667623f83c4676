package io.hanacdc.source;

/** H and A of one watermark (DESIGN §3) as the source reports them; the watermark package makes a Watermark of it. */
public record HighAndOpen(long high, OpenTransactions open) {}
