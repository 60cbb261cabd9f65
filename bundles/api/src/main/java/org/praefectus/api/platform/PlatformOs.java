package org.praefectus.api.platform;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * Component property type that sets {@value Platform#OS_PROPERTY} on a {@link Platform} service, so
 * consumers can target one operating system with a filter.
 */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface PlatformOs {

    /** Prefixes the derived property name {@code platform.os} so that it reads {@value Platform#OS_PROPERTY}. */
    String PREFIX_ = "praefectus.";

    /** The operating system family: {@code linux}, {@code macos} or {@code windows}. */
    String value();
}
