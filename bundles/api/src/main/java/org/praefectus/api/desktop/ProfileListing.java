package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The profiles a {@link ProfileQuery} selected, and the profile files left out because they do not parse (named in
 * {@code warnings}, never their content).
 */
@JsonPropertyOrder({"schema_version", "count", "profiles", "warnings"})
public record ProfileListing(
        @JsonProperty("profiles") List<ProfileInfo> profiles,
        @JsonProperty("warnings") List<String> warnings) {

    public ProfileListing {
        profiles = List.copyOf(profiles);
        warnings = List.copyOf(warnings);
    }

    @JsonProperty("schema_version")
    public String schemaVersion() {
        return ProfileInfo.SCHEMA_VERSION;
    }

    @JsonProperty("count")
    public int count() {
        return profiles.size();
    }
}
