package org.praefectus.api.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * Component property type that names a contributed {@link CliCommand}: it sets the service property
 * {@value CliCommand#NAME_PROPERTY}. Use it on the command's component: {@code @Command("observe")}.
 */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Command {

    /** With the single-element name {@code command}, the property reads {@value CliCommand#NAME_PROPERTY}. */
    String PREFIX_ = "praefectus.cli.";

    /** The command word. */
    String value();
}
