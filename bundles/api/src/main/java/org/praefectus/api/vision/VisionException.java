package org.praefectus.api.vision;

/**
 * A vision operation that could not produce a result. The {@link #code()} is stable snake_case; the message
 * is a fixed text that never carries pixels, recognised text or file contents.
 */
public final class VisionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The bytes are not a decodable image. */
    public static final String INVALID_IMAGE = "invalid_image";
    /** A region is malformed or lies outside the frame. */
    public static final String INVALID_REGION = "invalid_region";
    /** An option is out of range or the options contradict each other. */
    public static final String INVALID_OPTIONS = "invalid_options";
    /** Two frames differ in size and the size policy is {@code error}. */
    public static final String SIZE_MISMATCH = "size_mismatch";
    /** Too few frames for the requested analysis. */
    public static final String NOT_ENOUGH_FRAMES = "not_enough_frames";
    /** The OCR language has no trained data installed. */
    public static final String UNKNOWN_LANGUAGE = "unknown_language";
    /** The OCR engine failed. */
    public static final String OCR_FAILED = "ocr_failed";
    /** No screen capture service is available, or it failed. */
    public static final String CAPTURE_UNAVAILABLE = "capture_unavailable";

    /** A file could not be read or written. */
    public static final String IO_ERROR = "io_error";

    private final String code;

    public VisionException(String code, String message) {
        this(code, message, null);
    }

    public VisionException(String code, String message, Throwable cause) {
        super(message, cause);
        if (code == null || !code.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("error codes are snake_case");
        }
        this.code = code;
    }

    /** The stable snake_case code, for example {@code invalid_region}. */
    public String code() {
        return code;
    }
}
