package org.praefectus.engine.ledger;

import java.util.HashMap;
import java.util.Map;

/**
 * Where the last claim and the last terminal of each operation sit in the ledger file, so a claim costs one
 * hash lookup and at most two positional reads however long the ledger is. Built once per open and kept
 * current by every append; lines appended by another process are read incrementally from the last indexed
 * offset.
 */
final class LedgerIndex {

    /** File positions of one operation's lines; {@code -1} when absent. */
    static final class Entry {
        long claimPosition = -1;
        int claimLength;
        long terminalPosition = -1;
        int terminalLength;
    }

    private final Map<String, Entry> entries = new HashMap<>();
    private long indexedLength;

    long indexedLength() {
        return indexedLength;
    }

    void clear() {
        entries.clear();
        indexedLength = 0;
    }

    Entry get(String operationId) {
        return entries.get(operationId);
    }

    int size() {
        return entries.size();
    }

    /** Records a complete line at {@code position} of {@code length} bytes, newline excluded. */
    void add(LedgerRecord record, long position, int length) {
        Entry entry = entries.computeIfAbsent(record.operationId(), id -> new Entry());
        if (record instanceof LedgerRecord.Claim) {
            entry.claimPosition = position;
            entry.claimLength = length;
        } else {
            entry.terminalPosition = position;
            entry.terminalLength = length;
        }
    }

    void advanceTo(long length) {
        indexedLength = length;
    }
}
