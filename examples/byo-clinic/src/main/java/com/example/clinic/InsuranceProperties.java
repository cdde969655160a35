package com.example.clinic;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the insurance service answers quotes ({@code insurance.quote-url}, e.g. from the
 * environment variable INSURANCE_QUOTE_URL) and how long a quote may take.
 */
@ConfigurationProperties("insurance")
record InsuranceProperties(URI quoteUrl, Duration timeout) {}
