package org.praefectus.linux.executor;

import org.praefectus.linux.capture.ScreenImage;

/**
 * The screen cut into {@value #TILE}-pixel tiles, each with a 64-bit content hash, so a coordinate fence
 * can compare just the target's neighbourhood with its observation: an animation elsewhere on the screen
 * (a spinner, a blinking caret in another window) then no longer breaks every coordinate action.
 *
 * @param width  the screen width the tiles cover
 * @param height the screen height
 * @param hashes row-major tile hashes, {@code columns() * rows()}
 */
record ScreenTiles(int width, int height, long[] hashes) {

    /** Tile edge in pixels. */
    static final int TILE = 32;
    /**
     * How far around the target point the content must be unchanged, in pixels: the control under the point
     * and its immediate surroundings (a button, its label, the field next to it).
     */
    static final int RADIUS = 96;

    /** The tiles of a full-screen capture. */
    static ScreenTiles of(ScreenImage screen) {
        ScreenTiles tiles = new ScreenTiles(
                screen.width(), screen.height(), new long[columns(screen.width()) * rows(screen.height())]);
        tiles.hashInto(screen, 0, 0, tiles.columns(), tiles.rows(), tiles.hashes);
        return tiles;
    }

    int columns() {
        return columns(width);
    }

    int rows() {
        return rows(height);
    }

    private static int columns(int width) {
        return (width + TILE - 1) / TILE;
    }

    private static int rows(int height) {
        return (height + TILE - 1) / TILE;
    }

    /** The screen rectangle {x, y, width, height} of the tiles around a point, clipped to the screen. */
    int[] neighbourhood(long x, long y) {
        int left = (int) Math.max(0, (x - RADIUS) / TILE);
        int top = (int) Math.max(0, (y - RADIUS) / TILE);
        int right = (int) Math.min(columns(), (x + RADIUS) / TILE + 1);
        int bottom = (int) Math.min(rows(), (y + RADIUS) / TILE + 1);
        int px = left * TILE;
        int py = top * TILE;
        return new int[] {px, py, Math.min(width, right * TILE) - px, Math.min(height, bottom * TILE) - py};
    }

    /**
     * Whether a capture of {@link #neighbourhood} (taken now) has the same tiles as this observation.
     *
     * @param region a capture of exactly that rectangle
     */
    boolean sameAround(ScreenImage region) {
        int firstColumn = region.x() / TILE;
        int firstRow = region.y() / TILE;
        int columns = columns(region.width());
        int rows = rows(region.height());
        long[] now = new long[columns * rows];
        hashInto(region, firstColumn, firstRow, columns, rows, now);
        for (int row = 0; row < rows; row++) {
            for (int column = 0; column < columns; column++) {
                if (now[row * columns + column] != hashes[(firstRow + row) * columns() + firstColumn + column]) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Hashes the tiles of an image whose top-left is the tile {@code (firstColumn, firstRow)}; tiles on the
     * screen's right and bottom edges are partial. FNV-1a over each pixel word, mixed at the end: this is
     * change detection within our own observation, not a security digest (the protocol's
     * {@code snapshot_content_hash} stays SHA-256 of the whole screen).
     */
    private void hashInto(ScreenImage image, int firstColumn, int firstRow, int columns, int rows, long[] into) {
        int[] pixels = image.pixels();
        for (int row = 0; row < rows; row++) {
            int y0 = row * TILE;
            int y1 = Math.min(image.height(), y0 + TILE);
            for (int column = 0; column < columns; column++) {
                int x0 = column * TILE;
                int x1 = Math.min(image.width(), x0 + TILE);
                long hash = 0xcbf29ce484222325L ^ ((long) (firstColumn + column) << 32 | (firstRow + row));
                for (int y = y0; y < y1; y++) {
                    int offset = y * image.width();
                    for (int x = x0; x < x1; x++) {
                        hash = (hash ^ pixels[offset + x]) * 0x100000001b3L;
                    }
                }
                hash ^= hash >>> 33;
                hash *= 0xff51afd7ed558ccdL;
                hash ^= hash >>> 33;
                into[row * columns + column] = hash;
            }
        }
    }
}
