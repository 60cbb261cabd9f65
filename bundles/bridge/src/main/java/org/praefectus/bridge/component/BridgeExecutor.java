package org.praefectus.bridge.component;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/** Component property type for {@code praefectus.bridge.executor}: the executor type an adapter serves. */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@interface BridgeExecutor {
    /** Prefixes the derived name {@code bridge.executor}. */
    String PREFIX_ = "praefectus.";

    /** The executor type of the task payload ({@code codex}, {@code claude_code}). */
    String value();
}
