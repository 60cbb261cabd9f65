package org.praefectus.cdp;

import static java.util.Objects.requireNonNull;

/**
 * The page's viewport as one PNG image ({@link CdpExecutor#screenshot}): the page's own pixels, for a host to show a
 * model or keep in its own folder; never for a log, a receipt or a ledger.
 *
 * @param png    the PNG bytes
 * @param width  the viewport's width in CSS pixels
 * @param height the viewport's height in CSS pixels
 */
public record PageImage(byte[] png, long width, long height) {

    public PageImage {
        requireNonNull(png, "png");
    }
}
