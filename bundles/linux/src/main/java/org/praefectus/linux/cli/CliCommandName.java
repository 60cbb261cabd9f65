package org.praefectus.linux.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/** Component property type for {@code praefectus.cli.command} ({@code CliCommand.NAME_PROPERTY}). */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@interface CliCommandName {
    /** Prefixes the derived name {@code cli.command}. */
    String PREFIX_ = "praefectus.";

    /** The command word. */
    String cli_command();
}
