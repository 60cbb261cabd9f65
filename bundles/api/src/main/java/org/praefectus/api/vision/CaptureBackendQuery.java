package org.praefectus.api.vision;

import java.util.List;
import java.util.Locale;

/**
 * What {@link CaptureBackendInspector#inspect} is asked.
 *
 * @param format   the image format to capture, {@code png} or {@code xwd}
 * @param diagnose whether backends that are not available are reported too, each with its reason
 * @param probes   the live probes to run through the selected backend, in order: {@code file}, {@code frame},
 *                 {@code region}
 * @param region   the region of the {@code region} probe, or {@code null} for its default
 */
public record CaptureBackendQuery(String format, boolean diagnose, List<String> probes, Region region) {

    /** Every probe, in the order {@code all} runs them. */
    public static final List<String> PROBES = List.of("file", "frame", "region");

    public CaptureBackendQuery {
        if (!"png".equals(format) && !"xwd".equals(format)) {
            throw new IllegalArgumentException("format is png or xwd");
        }
        probes = List.copyOf(probes);
        if (!PROBES.containsAll(probes)) {
            throw new IllegalArgumentException("probes are file, frame and region");
        }
    }

    /**
     * A query from the words every surface takes ({@code --format}, {@code --output}, {@code --probe}): the format
     * named, else the output file's extension, else {@code png}; the probe {@code file}, {@code frame},
     * {@code region}, {@code all} or {@code none} ({@code null} is none).
     *
     * @throws IllegalArgumentException naming what is wrong (an output that is no .png or .xwd file, an unknown
     *                                  format or probe)
     */
    public static CaptureBackendQuery of(String format, String output, String probe, boolean diagnose, Region region) {
        String chosen = format;
        if (chosen == null && output != null) {
            String file = output.toLowerCase(Locale.ROOT);
            chosen = file.endsWith(".xwd") ? "xwd" : file.endsWith(".png") ? "png" : null;
            if (chosen == null) {
                throw new IllegalArgumentException("the output names a .png or .xwd file");
            }
        }
        chosen = chosen == null ? "png" : chosen;
        if (!chosen.equals("png") && !chosen.equals("xwd")) {
            throw new IllegalArgumentException("the format is png or xwd");
        }
        List<String> probes = switch (probe == null ? "none" : probe) {
            case "none" -> List.of();
            case "all" -> PROBES;
            case "file", "frame", "region" -> List.of(probe);
            default -> throw new IllegalArgumentException("the probe is file, frame, region, all or none");
        };
        return new CaptureBackendQuery(chosen, diagnose, probes, region);
    }
}
