package org.praefectus.vision.compare;

/** Compares row segments of two aligned frames and adds what it finds to a {@link ChangeTally}. */
interface RowScan {

    /** Compares pixels {@code [from, to)} of row {@code y}. */
    void row(int y, int from, int to);

    /** Adds the totals still held by the scan to the tally; called once, after the last row. */
    void finish();
}
