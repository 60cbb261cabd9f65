package org.praefectus.api.selector;

/**
 * A text that a regular-expression search may read a bounded number of times: every character read spends one
 * unit of a budget shared with the sub-sequences it hands out, and the read after the last unit throws.
 */
final class BudgetedText implements CharSequence {

    /** The budget ran out: the search is abandoned. */
    static final class Exhausted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Exhausted() {
            super("regular expression read budget exhausted", null, false, false);
        }
    }

    private final String text;
    private final int[] budget;

    BudgetedText(String text, int[] budget) {
        this.text = text;
        this.budget = budget;
    }

    @Override
    public char charAt(int index) {
        if (--budget[0] < 0) {
            throw new Exhausted();
        }
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new BudgetedText(text.substring(start, end), budget);
    }

    @Override
    public String toString() {
        return text;
    }
}
