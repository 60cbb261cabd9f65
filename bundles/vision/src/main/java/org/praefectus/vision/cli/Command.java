package org.praefectus.vision.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/** Component property type: the service property {@code praefectus.cli.command} naming a contributed command. */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@interface Command {

    String PREFIX_ = "praefectus.cli.";

    /** The command word. */
    String value();
}
