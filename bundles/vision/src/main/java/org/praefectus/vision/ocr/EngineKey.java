package org.praefectus.vision.ocr;

import java.util.Map;

/**
 * What fixes a Tesseract handle once initialised: trained data, engine mode and the variables set on it.
 * Handles are reused only for the same key, so one call's variables never leak into another's.
 */
record EngineKey(String language, int engineMode, String whitelist, Map<String, String> variables) {}
