package org.praefectus.vision.ocr;

/**
 * A word as Tesseract reports it, in the coordinates of the image it was given.
 *
 * @param line       the running number of its text line
 * @param text       the word
 * @param left       left edge
 * @param top        top edge
 * @param right      one past the right edge
 * @param bottom     one past the bottom edge
 * @param confidence 0–100
 */
record OcrWord(int line, String text, int left, int top, int right, int bottom, float confidence) {}
