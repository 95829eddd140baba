//! Every interface text, in one place per language. A struct rather than string
//! keys: a text missing in one language is a compile error, not a blank on a page.

use roofline::{format_significant, Change, ConfigError, Field, IndexError, InputError, Locale, Output, Refusal};

use crate::Lang;

/// The interface texts of one language.
pub struct Texts {
    pub site_title: &'static str,
    pub site_tagline: &'static str,
    pub skip_to_content: &'static str,
    pub index_heading: &'static str,
    pub entries_count: fn(usize) -> String,
    pub language_name: &'static str,
    pub switch_language: &'static str,
    pub switch_theme: &'static str,
    /// The theme button's names of the scheme in use.
    pub theme_system: &'static str,
    pub theme_dark: &'static str,
    pub theme_light: &'static str,
    pub no_translation: &'static str,
    pub not_found_title: &'static str,
    pub not_found_text: &'static str,
    pub back_to_index: &'static str,
    pub also_called: &'static str,
    pub sources_heading: &'static str,
    /// The disclosure of a long list's further sources: how many.
    pub more_sources: fn(count: usize) -> String,
    pub updated: &'static str,
    pub draft: &'static str,
    pub draft_notice: &'static str,
    /// The badge of a reviewed entry among drafts, and its title.
    pub reviewed: &'static str,
    pub reviewed_notice: &'static str,
    /// The site's status, said once on the landing page: every entry a draft, or most.
    pub all_drafts: &'static str,
    pub most_drafts: &'static str,
    pub related_heading: &'static str,
    pub not_yet_written: &'static str,
    pub prose_failed: &'static str,
    pub search_label: &'static str,
    pub search_placeholder: &'static str,
    pub search_both: &'static str,
    pub search_results: fn(shown: usize, total: usize) -> String,
    pub search_none: &'static str,
    pub search_loading: &'static str,
    pub search_failed: &'static str,
    pub loading: &'static str,
    pub page_failed: &'static str,
    pub search_hint: &'static str,
    pub explained_under: &'static str,
    pub breadcrumb: &'static str,
    pub letters: &'static str,
    pub filter_category: &'static str,
    pub filter_marker: &'static str,
    pub filter_all: &'static str,
    pub filter_reset: &'static str,
    pub entries_shown: fn(shown: usize, total: usize) -> String,
    pub no_filter_match: &'static str,
    pub copy_link: &'static str,
    /// The names of the boxes a wide table and a display formula scroll in.
    pub scroll_table: &'static str,
    pub scroll_formula: &'static str,
    pub link_copied: &'static str,
    pub copy_failed: &'static str,
    pub calculator_heading: &'static str,
    pub model: &'static str,
    pub hardware: &'static str,
    pub edited: &'static str,
    pub model_fields: &'static str,
    pub hardware_fields: &'static str,
    pub workload_fields: &'static str,
    pub weights_type: &'static str,
    pub kv_type: &'static str,
    pub reset: &'static str,
    pub show_formulas: &'static str,
    pub results: &'static str,
    pub stale_results: &'static str,
    pub memory_bound: &'static str,
    pub compute_bound: &'static str,
    pub verdict_detail: fn(ratio: f64, intensity: &str, ridge: &str, Locale) -> String,
    pub not_reached: &'static str,
    pub no_limit: &'static str,
    pub not_known: &'static str,
    /// The experts a step touches, for a model without experts (beside one with them
    /// in a comparison).
    pub no_experts: &'static str,
    pub context_beyond_model: fn(model: &str, limit: &str) -> String,
    pub ignored_parameters: &'static str,
    pub not_a_number: &'static str,
    /// A field of a count or a width that may be 0 (none) holds a fraction or a
    /// negative number.
    pub not_a_whole_number: &'static str,
    /// A field of a count or a width that must be 1 or more holds a fraction or a
    /// negative number.
    pub not_a_count: &'static str,
    pub field_label: fn(Field) -> &'static str,
    pub output_label: fn(Output) -> &'static str,
    pub error: fn(&InputError, Locale) -> String,
    pub chart_roofline: &'static str,
    pub chart_batch: &'static str,
    pub chart_capacity: &'static str,
    pub chart_table: &'static str,
    pub axis_intensity: &'static str,
    pub axis_performance: &'static str,
    pub axis_batch: &'static str,
    pub axis_tokens: &'static str,
    pub axis_context: &'static str,
    pub axis_requests: &'static str,
    pub series_per_request: &'static str,
    pub series_batch: &'static str,
    pub decode_point: &'static str,
    pub prefill_point: &'static str,
    pub ridge_point: &'static str,
    pub memory_runs_out: &'static str,
    pub turns_compute_bound: &'static str,
    /// Chart annotations, each with a value formatted by crates/roofline: the
    /// bandwidth on the roofline's slope, the peak on its roof, the ridge point (the
    /// value last: the chart puts it on a line of its own), the current batch, the
    /// requests that fit; and the pinned scenario's points.
    pub chart_bandwidth: fn(&str) -> String,
    pub chart_peak: fn(&str) -> String,
    pub chart_ridge: fn(&str) -> String,
    pub chart_batch_now: fn(&str) -> String,
    pub chart_requests: fn(&str) -> String,
    pub chart_pinned_point: &'static str,
    /// What a chart shows, in a sentence under it: where decode and prefill sit
    /// (intensity ÷ ridge point, below 1 memory-bound); where the batch turns
    /// compute-bound and where memory is full (counts, `None` where not reached or
    /// nothing fits); the requests that fit at the current context.
    pub caption_roofline: fn(decode_ratio: f64, prefill_ratio: f64) -> String,
    /// Added to the roofline's caption where the setup does not fit in memory.
    pub caption_does_not_fit: &'static str,
    pub caption_batch: fn(critical: Option<&str>, full: Option<&str>) -> String,
    pub caption_capacity: fn(requests: Option<&str>, context: &str) -> String,
    /// What a chart shows where the reader points: the roofline at an intensity
    /// (attainable FLOP/s, the regime's name) …
    pub read_out_roofline: fn(intensity: &str, attainable: &str, regime: &str) -> String,
    /// … the throughput at a batch size (per request, whole batch) …
    pub read_out_batch: fn(batch: &str, per_request: &str, whole: &str) -> String,
    /// … the requests that fit at a context length, or that none does.
    pub read_out_capacity: fn(context: &str, requests: &str) -> String,
    pub read_out_no_request: fn(context: &str) -> String,
    /// How to read values off a chart.
    pub read_out_hint: &'static str,
    pub field_help: fn(Field) -> &'static str,
    pub model_details: &'static str,
    /// The disclosure that shows the form's controls its entry does not show first.
    pub more_inputs: &'static str,
    pub fewer_inputs: &'static str,
    pub own_model: &'static str,
    pub own_model_summary: &'static str,
    pub config_label: &'static str,
    pub config_help: &'static str,
    pub config_params: &'static str,
    pub config_active: &'static str,
    pub config_params_help: &'static str,
    /// The optional `model.safetensors.index.json` beside the config.
    pub index_label: &'static str,
    pub index_help: &'static str,
    pub index_not_json: &'static str,
    pub use_config: &'static str,
    pub config_not_json: &'static str,
    /// While the config reader reads (the first time, it is fetched).
    pub config_reading: &'static str,
    /// The config reader could not be fetched or started.
    pub config_unavailable: &'static str,
    /// A pasted text longer than the limit, in KiB.
    pub config_too_long: fn(limit_kib: usize) -> String,
    pub config_loaded: fn(estimated: Option<&str>) -> String,
    pub config_defaults: &'static str,
    pub config_unknown: &'static str,
    pub expert_weights: &'static str,
    pub expert_weights_same: &'static str,
    /// The arithmetic a weight type is multiplied in, in its menu entry.
    pub arithmetic: fn(precision: &str) -> String,
    /// Under the weights' type: the arithmetic it assumes and the peak that follows;
    /// `missing` names the precision the device has no units for (it falls back
    /// to FP16).
    pub peak_assumption: fn(weights: &str, arithmetic: &str, peak: &str, missing: Option<&str>) -> String,
    pub pin: &'static str,
    pub unpin: &'static str,
    /// The comparison's headline: B's inputs that differ, A's, and the change of
    /// the batch's tokens/s ([`Texts::change`]).
    pub compare_summary: fn(b: &str, a: &str, change: &str) -> String,
    /// How a figure changed from A to B: "2.9× faster", "1.4×".
    pub change: fn(Change, Locale) -> String,
    /// The comparison's last column heading (the sides' are "A · …" and "B · …").
    pub compare_change: &'static str,
    /// The comparison's headline where a side does not fit: no ratio.
    pub compare_summary_unfit: fn(b: &str, a: &str) -> String,
    /// An input of a compared side that differs from the other's: the weights' or
    /// the KV cache's data type, or a workload figure ("batch 64").
    pub compare_weights: fn(dtype: &str) -> String,
    pub compare_kv: fn(dtype: &str) -> String,
    pub compare_workload: fn(field: Field, value: &str) -> String,
    pub pinned_value: &'static str,
    /// The current scenario's label beside a pinned one ("B:").
    pub current_value: &'static str,
    /// The switch that shows the figures a comparison leaves unchanged.
    pub unchanged_figures: fn(usize) -> String,
    pub series_pinned: &'static str,
    /// The tooltip of a live figure in the prose: what computes it.
    pub computed_by_calculator: &'static str,
    /// The line before an entry's first live figure: the words before the sample,
    /// the sample in the figures' style, the words after.
    pub live_legend: (&'static str, &'static str, &'static str),
    /// The tooltip of a figure whose sentence names its case.
    pub computed_for_named_case: &'static str,
    /// The line a calculator shows where JavaScript does not run.
    pub needs_javascript: &'static str,
    /// A model whose weights do not fit: `devices` devices hold them.
    pub does_not_fit: fn(model: &str, needed: u32, hardware: &str, devices: u32) -> String,
    /// The action that sets the number of devices the weights need.
    pub use_devices: fn(u32) -> String,
    /// A batch whose KV cache does not fit beside the weights, and how many requests
    /// do; the action that sets the batch to them.
    pub batch_does_not_fit: fn(batch: &str, fits: &str) -> String,
    pub use_batch: fn(&str) -> String,
    /// The one action that makes an input computable: a field set to a value.
    pub set_field: fn(label: &str, value: &str) -> String,
    /// Beside a critical batch larger than the requests that fit in memory.
    pub critical_beyond_fit: fn(fits: &str) -> String,
    /// The memory left for the KV cache where the weights alone do not fit: none,
    /// and by how much they overrun.
    pub memory_short: fn(short: &str) -> String,
    /// In the comparison's headline: a side (A or B) that does not fit in memory.
    pub compare_does_not_fit: fn(side: &str) -> String,
    /// The line above printed results: the scenario they describe.
    pub scenario_line: fn(model: &str, hardware: &str, devices: u32, batch: &str, context: &str) -> String,
    /// The landing page: the question it answers (its heading), what the glossary
    /// is, for whom, and where to start.
    pub landing_heading: &'static str,
    pub landing_lead: &'static str,
    pub landing_detail: &'static str,
    pub landing_picture: &'static str,
    /// Before the link under the landing picture to the entry that explains it.
    pub picture_more: &'static str,
    /// The landing picture's names for the slope, the roof and the y axis.
    pub picture_slope: &'static str,
    pub picture_roof: &'static str,
    pub picture_performance: &'static str,
    pub reading_path: &'static str,
    /// Where an entry is on the reading path: "Start here, step 2 of 5".
    pub path_step: fn(position: u32, length: u32) -> String,
    /// An entry's table of contents, and its place on the reading path.
    pub contents: &'static str,
    pub section_link: &'static str,
    pub previous: &'static str,
    pub next: &'static str,
    /// The compact bar that keeps the verdict in view on a phone: memory in use,
    /// the speed a request sees, and the verdict of a model that does not fit.
    pub memory_in_use: fn(used: &str, total: &str) -> String,
    pub per_request: fn(speed: &str) -> String,
    pub does_not_fit_short: &'static str,
    /// The bar's figures for a setup that does not fit.
    pub needs_usable: fn(needed: &str, usable: &str) -> String,
    /// "bit" as a data type's menu entry writes it.
    pub bit: &'static str,
    /// The verdict of a setup whose weights and KV cache exceed the usable memory:
    /// what it needs, what there is, and what its figures would be where it fit.
    pub verdict_does_not_fit: fn(needed: &str, usable: &str, bound: &str) -> String,
    /// The mark on results that cannot happen on the chosen devices.
    pub results_cannot_happen: &'static str,
    /// Beside the verdict of a pasted model with keys the calculator does not model:
    /// the text before the keys and the text after them.
    pub not_modelled: &'static str,
    pub not_modelled_after: &'static str,
    /// A pasted model type no test checked, in that list.
    pub unchecked_type: fn(model_type: &str) -> String,
    /// A pasted model whose given parameter count and shapes disagree.
    pub params_disagree: fn(given: &str, shapes: &str, percent: &str) -> String,
    /// Search found nothing by this language's names but by the other language's:
    /// the entries shown, of how many.
    pub search_by_other_names: fn(shown: usize, total: usize) -> String,
}

/// The texts for `lang`.
impl Texts {
    /// The badge of an entry whose status differs from most entries'
    /// ([`crate::wire::Summary::marked`]), with its title; none for the rest, whose
    /// status the site says once.
    pub fn status_badge(&self, s: &crate::wire::Summary) -> Option<(&'static str, &'static str)> {
        s.marked.then_some(if s.draft {
            (self.draft, self.draft_notice)
        } else {
            (self.reviewed, self.reviewed_notice)
        })
    }
}

/// Why a checkpoint index gives no parameter count, in `lang`. Not one of the
/// [`Texts`]: only the config reader's module says it (`crates/config-reader`), and a
/// function in the table would be linked into every wasm that reads the table.
pub fn index_error(lang: Lang, e: &IndexError) -> String {
    match lang {
        Lang::De => index_error_de(e),
        Lang::En => index_error_en(e),
    }
}

/// Why a config gives no model, in `lang` (as [`index_error`]).
pub fn config_error(lang: Lang, e: &ConfigError) -> String {
    match lang {
        Lang::De => config_error_de(e),
        Lang::En => config_error_en(e),
    }
}

pub fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::De => &DE,
        Lang::En => &EN,
    }
}

fn field_de(f: Field) -> &'static str {
    match f {
        Field::Params => "Parameter (Mrd.)",
        Field::ActiveParams => "Aktive Parameter (Mrd.)",
        Field::Experts => "Experten",
        Field::ActiveExperts => "Aktive Experten",
        Field::SharedExperts => "Gemeinsame Experten",
        Field::Layers => "Schichten",
        Field::Hidden => "Hidden Size",
        Field::Heads => "Attention-Heads",
        Field::KvHeads => "KV-Heads",
        Field::HeadDim => "Head-Dimension",
        Field::Vocab => "Vokabular",
        Field::TiedEmbeddings => "Gemeinsame Tabelle für Embedding und LM-Head",
        Field::SlidingWindow => "Fenster (0 = keines)",
        Field::SlidingLayers => "Lokale Schichten",
        Field::KvLoraRank => "Rang des latenten Vektors (kv_lora_rank)",
        Field::RopeDim => "Dimension des RoPE-Keys (qk_rope_head_dim)",
        Field::MaxContext => "Kontextfenster (Tokens)",
        Field::LinearLayers => "Schichten mit Linear Attention",
        Field::SsmLayers => "Schichten mit Mamba (State Space)",
        Field::PlainLayers => "Schichten nur mit MLP/MoE",
        Field::LinearState => "Linear-Attention-Zustand pro Schicht (MB)",
        Field::SsmState => "Mamba-Zustand pro Schicht (MB)",
        Field::IndexDim => "Key-Breite des Indexers (index_head_dim)",
        Field::Memory => "Speicher (GB)",
        Field::Bandwidth => "Bandbreite (GB/s)",
        Field::Peak => "Spitzenleistung (TFLOP/s)",
        Field::Devices => "GPUs",
        Field::Batch => "Batchgröße",
        Field::Prompt => "Prompt-Länge (Tokens)",
        Field::Context => "Kontextlänge (Tokens)",
        Field::Output => "Ausgabelänge (Tokens)",
        Field::Reserve => "Reserve",
        Field::GroupSize => "Gruppengröße",
        Field::DraftTokens => "Entwurfs-Tokens pro Schritt (0 = aus)",
        Field::Acceptance => "Akzeptanzrate α (0 bis 1)",
        Field::DraftParams => "Parameter des Entwurfsmodells (Mrd.)",
    }
}

fn field_en(f: Field) -> &'static str {
    match f {
        Field::Params => "Parameters (billions)",
        Field::ActiveParams => "Active parameters (billions)",
        Field::Experts => "Experts",
        Field::ActiveExperts => "Active experts",
        Field::SharedExperts => "Shared experts",
        Field::Layers => "Layers",
        Field::Hidden => "Hidden size",
        Field::Heads => "Attention heads",
        Field::KvHeads => "KV heads",
        Field::HeadDim => "Head dimension",
        Field::Vocab => "Vocabulary",
        Field::TiedEmbeddings => "Embedding and LM head share one table",
        Field::SlidingWindow => "Sliding window (0 = none)",
        Field::SlidingLayers => "Layers with the sliding window",
        Field::KvLoraRank => "Latent rank (kv_lora_rank)",
        Field::RopeDim => "RoPE key dimension (qk_rope_head_dim)",
        Field::MaxContext => "Context window (tokens)",
        Field::LinearLayers => "Layers with linear attention",
        Field::SsmLayers => "Layers with Mamba (state space)",
        Field::PlainLayers => "Layers with MLP/MoE only",
        Field::LinearState => "Linear-attention state per layer (MB)",
        Field::SsmState => "Mamba state per layer (MB)",
        Field::IndexDim => "Indexer key width (index_head_dim)",
        Field::Memory => "Memory (GB)",
        Field::Bandwidth => "Bandwidth (GB/s)",
        Field::Peak => "Peak compute (TFLOP/s)",
        Field::Devices => "GPUs",
        Field::Batch => "Batch size",
        Field::Prompt => "Prompt length (tokens)",
        Field::Context => "Context length (tokens)",
        Field::Output => "Output length (tokens)",
        Field::Reserve => "Reserve",
        Field::GroupSize => "Group size",
        Field::DraftTokens => "Draft tokens per step (0 = off)",
        Field::Acceptance => "Acceptance rate α (0 to 1)",
        Field::DraftParams => "Draft model parameters (billions)",
    }
}

fn output_de(o: Output) -> &'static str {
    match o {
        Output::WeightBytes => "Gewichte im Speicher",
        Output::DecodeWeightBytes => "Gelesene Gewichte pro Schritt",
        Output::KvPerToken => "KV-Cache pro Token",
        Output::KvPerRequest => "KV-Cache pro Anfrage",
        Output::KvPerRequestIec => "KV-Cache pro Anfrage (binär)",
        Output::KvBatch => "KV-Cache des Batches",
        Output::StatePerRequest => "Zustand fester Größe pro Anfrage (Mamba, Linear Attention)",
        Output::Memory => "Speicher",
        Output::Params => field_de(Field::Params),
        Output::ActiveParams => field_de(Field::ActiveParams),
        Output::Batch => field_de(Field::Batch),
        Output::Prompt => field_de(Field::Prompt),
        Output::Context => field_de(Field::Context),
        Output::MaxContext => field_de(Field::MaxContext),
        Output::SlidingWindow => field_de(Field::SlidingWindow),
        Output::Devices => field_de(Field::Devices),
        Output::DraftTokens => field_de(Field::DraftTokens),
        Output::Acceptance => field_de(Field::Acceptance),
        Output::DraftParams => field_de(Field::DraftParams),
        Output::WeightsType => DE.weights_type,
        Output::KvType => DE.kv_type,
        Output::Bandwidth => "Bandbreite",
        Output::Peak => "Spitzenleistung",
        Output::Ridge => "Knickpunkt (Ridge)",
        Output::WeightTime => "Zeit, um die Gewichte einmal zu lesen",
        Output::WeightTokensPerS => "Obergrenze allein durch die Gewichte",
        Output::DecodeBytes => "Bytes pro Decode-Schritt",
        Output::DecodeFlops => "FLOPs pro Decode-Schritt",
        Output::DecodeIntensity => "Intensität im Decode-Schritt",
        Output::DecodeTimeMemory => "Schrittzeit (Speicher)",
        Output::DecodeTimeCompute => "Schrittzeit (Rechnen)",
        Output::DecodeTime => "Zeit pro Decode-Schritt",
        Output::RidgeRatio => "Abstand zum Knickpunkt",
        Output::BytesPerToken => "Bytes pro erzeugtem Token",
        Output::TokensPerS => "Token/s pro Anfrage",
        Output::BatchTokensPerS => "Token/s des Batches",
        Output::CriticalBatch => "Kritische Batchgröße",
        Output::ExpertsTouched => "Gelesene Experten pro Schicht und Schritt",
        Output::PrefillFlops => "FLOPs im Prefill",
        Output::PrefillBytes => "Bytes im Prefill",
        Output::PrefillIntensity => "Intensität im Prefill",
        Output::PrefillTime => "Dauer des Prefills",
        Output::Latency => "Dauer einer Anfrage",
        Output::FreeMemory => "Freier Speicher für den KV-Cache",
        Output::MaxRequests => "Anfragen, die in den Speicher passen",
        Output::FitContext => "Längster Kontext bei dieser Batchgröße",
        Output::DevicesNeeded => "GPUs, die die Gewichte fassen",
        Output::SpecTokensPerStep => "Erwartete Tokens pro Prüfschritt",
        Output::SpecVerifyTime => "Prüfschritt des Modells",
        Output::SpecDraftTime => "Ein Schritt des Entwurfsmodells",
        Output::SpecStepTime => "Prüfschritt samt Entwürfen",
        Output::SpecTokensPerS => "Token/s pro Anfrage mit Entwurfsmodell",
        Output::SpecSpeedup => "Erwartete Beschleunigung",
    }
}

fn output_en(o: Output) -> &'static str {
    match o {
        Output::WeightBytes => "Weights in memory",
        Output::DecodeWeightBytes => "Weights read per step",
        Output::KvPerToken => "KV cache per token",
        Output::KvPerRequest => "KV cache per request",
        Output::KvPerRequestIec => "KV cache per request (binary)",
        Output::KvBatch => "KV cache of the batch",
        Output::StatePerRequest => "Fixed-size state per request (Mamba, linear attention)",
        Output::Memory => "Memory",
        Output::Params => field_en(Field::Params),
        Output::ActiveParams => field_en(Field::ActiveParams),
        Output::Batch => field_en(Field::Batch),
        Output::Prompt => field_en(Field::Prompt),
        Output::Context => field_en(Field::Context),
        Output::MaxContext => field_en(Field::MaxContext),
        Output::SlidingWindow => field_en(Field::SlidingWindow),
        Output::Devices => field_en(Field::Devices),
        Output::DraftTokens => field_en(Field::DraftTokens),
        Output::Acceptance => field_en(Field::Acceptance),
        Output::DraftParams => field_en(Field::DraftParams),
        Output::WeightsType => EN.weights_type,
        Output::KvType => EN.kv_type,
        Output::Bandwidth => "Bandwidth",
        Output::Peak => "Peak compute",
        Output::Ridge => "Ridge point",
        Output::WeightTime => "Time to read the weights once",
        Output::WeightTokensPerS => "Ceiling from the weights alone",
        Output::DecodeBytes => "Bytes per decode step",
        Output::DecodeFlops => "FLOPs per decode step",
        Output::DecodeIntensity => "Decode intensity",
        Output::DecodeTimeMemory => "Step time from memory",
        Output::DecodeTimeCompute => "Step time from compute",
        Output::DecodeTime => "Time per decode step",
        Output::RidgeRatio => "Distance to the ridge",
        Output::BytesPerToken => "Bytes per generated token",
        Output::TokensPerS => "Tokens/s per request",
        Output::BatchTokensPerS => "Tokens/s of the batch",
        Output::CriticalBatch => "Critical batch size",
        Output::ExpertsTouched => "Experts read per layer and step",
        Output::PrefillFlops => "Prefill FLOPs",
        Output::PrefillBytes => "Prefill bytes",
        Output::PrefillIntensity => "Prefill intensity",
        Output::PrefillTime => "Prefill time",
        Output::Latency => "Time for one request",
        Output::FreeMemory => "Memory left for the KV cache",
        Output::MaxRequests => "Requests that fit in memory",
        Output::FitContext => "Longest context at this batch size",
        Output::DevicesNeeded => "GPUs that hold the weights",
        Output::SpecTokensPerStep => "Expected tokens per verification step",
        Output::SpecVerifyTime => "Verification step of the model",
        Output::SpecDraftTime => "One step of the draft model",
        Output::SpecStepTime => "Verification plus drafting",
        Output::SpecTokensPerS => "Tokens/s per request with the draft",
        Output::SpecSpeedup => "Expected speedup",
    }
}

/// A bound in the unit the field is written in (billions of parameters, GB).
fn written(bound: f64, field: Field, l: Locale) -> String {
    format_significant(bound / field.scale(), 3, l)
}

fn error_de(e: &InputError, l: Locale) -> String {
    match e {
        InputError::NotFinite(_) => "Bitte eine Zahl eingeben.".into(),
        InputError::NotPositive(_) => "Der Wert muss größer als null sein.".into(),
        InputError::TooSmall { min, field } => {
            format!("Der Wert muss mindestens {} sein.", written(*min, *field, l))
        }
        InputError::TooLarge { max, field } => format!("Der Wert darf höchstens {} sein.", written(*max, *field, l)),
        InputError::KvHeadsNotDivisor => "Die Zahl der Attention-Heads muss ein Vielfaches der KV-Heads sein.".into(),
        InputError::ActiveExceedsTotal => "Es können nicht mehr Parameter aktiv sein, als das Modell hat.".into(),
        InputError::ActiveExpertsExceedTotal => "Es können nicht mehr Experten aktiv sein, als es gibt.".into(),
        InputError::TablesExceedParams { min, field } => format!(
            "Der Wert muss mindestens {} sein: So viele Parameter haben allein die Tabellen des Vokabulars \
             (Vokabular × Modellbreite).",
            written(*min, *field, l)
        ),
        InputError::SlidingLayersExceedLayers => {
            "Es kann nicht mehr lokale Schichten geben, als das Modell Schichten hat.".into()
        }
        InputError::ActiveTooFewForExperts => "Zu wenige aktive Parameter für dieses Routing: \
                                               Es müssen mindestens Parameter × aktive Experten ÷ Experten sein."
            .into(),
        InputError::ReserveOutOfRange => "Die Reserve muss zwischen 0 und 1 liegen.".into(),
        InputError::AcceptanceOutOfRange => "Die Akzeptanzrate muss zwischen 0 und 1 liegen.".into(),
        InputError::ContextShorterThanPrompt => "Der Kontext muss mindestens so lang wie der Prompt sein.".into(),
        InputError::NoAttentionLayer => {
            "Mindestens eine Schicht muss eine Attention-, Linear-Attention- oder State-Space-Schicht sein.".into()
        }
    }
}

fn error_en(e: &InputError, l: Locale) -> String {
    match e {
        InputError::NotFinite(_) => "Please enter a number.".into(),
        InputError::NotPositive(_) => "The value must be greater than zero.".into(),
        InputError::TooSmall { min, field } => format!("The value must be at least {}.", written(*min, *field, l)),
        InputError::TooLarge { max, field } => format!("The value must be at most {}.", written(*max, *field, l)),
        InputError::KvHeadsNotDivisor => "The attention heads must be a multiple of the KV heads.".into(),
        InputError::ActiveExceedsTotal => "A model cannot have more active parameters than parameters.".into(),
        InputError::ActiveExpertsExceedTotal => "There cannot be more active experts than experts.".into(),
        InputError::TablesExceedParams { min, field } => format!(
            "The value must be at least {}: the vocabulary tables (vocabulary × hidden size) alone hold that many.",
            written(*min, *field, l)
        ),
        InputError::SlidingLayersExceedLayers => {
            "A model cannot have more layers with the sliding window than layers.".into()
        }
        InputError::ActiveTooFewForExperts => "Too few active parameters for this routing: \
                                               they must be at least parameters × active experts ÷ experts."
            .into(),
        InputError::ReserveOutOfRange => "The reserve must lie between 0 and 1.".into(),
        InputError::AcceptanceOutOfRange => "The acceptance rate must lie between 0 and 1.".into(),
        InputError::ContextShorterThanPrompt => "The context must be at least as long as the prompt.".into(),
        InputError::NoAttentionLayer => {
            "At least one layer must be an attention, linear-attention or state-space layer.".into()
        }
    }
}

static DE: Texts = Texts {
    site_title: "Glossar der LLM-Inferenz",
    site_tagline: "Warum Sprachmodelle am Speicher hängen – erklärt und nachgerechnet",
    skip_to_content: "Zum Inhalt springen",
    index_heading: "Alle Begriffe",
    entries_count: |n| {
        if n == 1 {
            "1 Eintrag".into()
        } else {
            format!("{n} Einträge")
        }
    },
    language_name: "Deutsch",
    switch_language: "Sprache",
    switch_theme: "Farbschema wechseln: System, dunkel, hell",
    theme_system: "Farben: System",
    theme_dark: "Farben: dunkel",
    theme_light: "Farben: hell",
    no_translation: "Diesen Begriff gibt es noch nicht auf Englisch.",
    not_found_title: "Seite nicht gefunden",
    not_found_text: "Unter dieser Adresse gibt es keinen Eintrag.",
    back_to_index: "Zur Übersicht",
    also_called: "Auch erklärt",
    sources_heading: "Quellen",
    more_sources: |n| format!("{n} weitere Quellen"),
    updated: "Zuletzt aktualisiert",
    draft: "Entwurf",
    draft_notice: "Dieser Eintrag ist ein Entwurf und wird noch geprüft.",
    reviewed: "Geprüft",
    reviewed_notice: "Dieser Eintrag ist geprüft.",
    all_drafts: "Alle Einträge sind Entwürfe und werden noch geprüft.",
    most_drafts: "Die meisten Einträge sind Entwürfe und werden noch geprüft; geprüfte sind gekennzeichnet.",
    related_heading: "Verwandte Begriffe",
    not_yet_written: "noch nicht geschrieben",
    prose_failed: "Der Text dieses Eintrags ließ sich nicht laden. Bitte lade die Seite neu.",
    search_label: "Begriffe durchsuchen",
    search_placeholder: "Suchen …",
    search_both: "Auch englische Einträge",
    search_results: |shown, total| match total {
        1 => "1 Treffer".into(),
        n if shown < n => format!("{n} Treffer, die ersten {shown} hier"),
        n => format!("{n} Treffer"),
    },
    search_none: "Nichts gefunden. Vielleicht unter einer anderen Schreibweise?",
    search_loading: "Die Suche wird geladen …",
    search_failed: "Die Suche ließ sich nicht laden. Bitte lade die Seite neu.",
    loading: "Wird geladen …",
    page_failed: "Diese Seite ließ sich nicht laden. Bitte lade sie neu.",
    search_hint: "Pfeiltasten wählen aus, Enter öffnet, Escape schließt.",
    explained_under: "erklärt unter",
    breadcrumb: "Navigationspfad",
    letters: "Nach Anfangsbuchstabe",
    filter_category: "Kategorie",
    filter_marker: "Art",
    filter_all: "alle",
    filter_reset: "Filter zurücksetzen",
    entries_shown: |shown, total| format!("{shown} von {total} Einträgen"),
    no_filter_match: "Kein Eintrag passt zu dieser Auswahl.",
    copy_link: "Link kopieren",
    scroll_table: "Tabelle",
    scroll_formula: "Formel",
    link_copied: "Link kopiert",
    copy_failed: "Kopieren nicht möglich – bitte die Adresse aus der Adresszeile nehmen.",
    calculator_heading: "Roofline-Rechner",
    model: "Modell",
    hardware: "Hardware",
    edited: "angepasst",
    model_fields: "Modell",
    hardware_fields: "Hardware",
    workload_fields: "Last",
    weights_type: "Datentyp der Gewichte",
    kv_type: "Datentyp des KV-Cache",
    reset: "Auf das Beispiel des Eintrags zurücksetzen",
    show_formulas: "Rechenweg zeigen",
    results: "Ergebnisse",
    stale_results: "Eine Eingabe ist ungültig; gezeigt werden die letzten gültigen Ergebnisse.",
    memory_bound: "Memory-bound",
    compute_bound: "Compute-bound",
    verdict_detail: |ratio, intensity, ridge, l| {
        if ratio < 1.0 {
            format!(
                "Die Intensität von {intensity} liegt um den Faktor {} unter dem Knickpunkt ({ridge}): \
                 Die Bandbreite bremst.",
                format_significant(1.0 / ratio, 2, l)
            )
        } else {
            format!(
                "Die Intensität von {intensity} liegt um den Faktor {} über dem Knickpunkt ({ridge}): \
                 Die Rechenleistung bremst.",
                format_significant(ratio, 2, l)
            )
        }
    },
    not_reached: "wird nicht erreicht",
    no_limit: "keine Grenze",
    not_known: "nicht bekannt",
    no_experts: "keine Experten",
    context_beyond_model: |model, limit| {
        format!(
            "{model} liest höchstens {limit}\u{a0}Tokens Kontext. \
             Die Ergebnisse werden trotzdem so berechnet, als könnte das Modell mehr lesen."
        )
    },
    ignored_parameters: "Einige Angaben im Link waren ungültig und wurden ignoriert:",
    not_a_number: "Bitte eine Zahl eingeben.",
    not_a_whole_number: "Bitte eine ganze Zahl ab 0 eingeben.",
    not_a_count: "Bitte eine ganze Zahl ab 1 eingeben.",
    field_label: field_de,
    output_label: output_de,
    error: error_de,
    chart_roofline: "Roofline",
    chart_batch: "Durchsatz über der Batchgröße",
    chart_capacity: "Kapazität",
    chart_table: "Datenpunkte als Tabelle",
    axis_intensity: "Intensität (FLOP/Byte)",
    axis_performance: "Leistung (TFLOP/s)",
    axis_batch: "Batchgröße",
    axis_tokens: "Token/s",
    axis_context: "Kontextlänge (Tokens)",
    axis_requests: "Anfragen",
    series_per_request: "pro Anfrage",
    series_batch: "Batch gesamt",
    decode_point: "Decode",
    prefill_point: "Prefill",
    ridge_point: "Knickpunkt",
    memory_runs_out: "Speicher voll",
    turns_compute_bound: "compute-bound ab hier",
    chart_bandwidth: |v| format!("Bandbreite {v}"),
    chart_peak: |v| format!("Spitzenleistung {v}"),
    chart_ridge: |v| format!("Knickpunkt {v}"),
    chart_batch_now: |v| format!("Batchgröße {v}"),
    chart_requests: |v| {
        if v == "1" {
            "1\u{a0}Anfrage".into()
        } else {
            format!("{v}\u{a0}Anfragen")
        }
    },
    chart_pinned_point: "A",
    caption_roofline: caption_roofline_de,
    caption_does_not_fit: "Diese Einstellung passt nicht in den Speicher: Die hohlen Punkte zeigen, wo ihre \
                           Schritte lägen, wenn sie passte.",
    caption_batch: |critical, full| match (critical, full) {
        (_, None) => "Der Speicher fasst nicht einmal eine Anfrage: Es gibt keinen Durchsatz zu zeigen.".into(),
        (Some(c), Some(f)) => format!(
            "Der Durchsatz des ganzen Batches wächst mit der Batchgröße, solange die Bandbreite bremst: \
             bis zu einer Batchgröße von {c}. Darüber bremst die Rechenleistung, und die Kurve flacht ab. \
             Bei {f}\u{a0}Anfragen ist der Speicher voll."
        ),
        (None, Some(f)) => format!(
            "Der Durchsatz des ganzen Batches wächst mit der Batchgröße, bis der Speicher bei {f}\u{a0}Anfragen \
             voll ist: Bis dahin bremst die Bandbreite."
        ),
    },
    read_out_roofline: |i, a, regime| format!("Bei {i}: höchstens {a} ({regime})"),
    read_out_batch: |b, one, all| format!("Batchgröße {b}: {one} pro Anfrage, {all} insgesamt"),
    read_out_capacity: |c, n| match n {
        "1" => format!("{c}\u{a0}Tokens Kontext: eine Anfrage passt"),
        n => format!("{c}\u{a0}Tokens Kontext: {n} Anfragen passen"),
    },
    read_out_no_request: |c| format!("{c}\u{a0}Tokens Kontext: keine Anfrage passt"),
    read_out_hint: "Zeig auf das Diagramm oder wähle es aus und nutze ← →, um Werte abzulesen.",
    caption_capacity: |requests, context| match requests {
        Some(n) => format!(
            "Der KV-Cache jeder Anfrage wächst mit ihrem Kontext: Je länger der Kontext, desto weniger Anfragen \
             passen in den Speicher. Bei {context}\u{a0}Tokens sind es {n}."
        ),
        None => format!(
            "Der KV-Cache jeder Anfrage wächst mit ihrem Kontext: Bei {context}\u{a0}Tokens passt nicht einmal \
             eine Anfrage in den Speicher."
        ),
    },
    field_help: help_de,
    model_details: "Modelldetails",
    more_inputs: "Weitere Eingaben",
    fewer_inputs: "Weniger Eingaben",
    own_model: "Eigenes Modell (config.json)",
    own_model_summary: "Eigenes Modell: config.json einfügen",
    config_label: "Inhalt der config.json",
    config_help: "Die config.json aus dem Hugging-Face-Repository des Modells, vollständig eingefügt. \
                  Sie wird nur in diesem Browser gelesen.",
    config_params: "Parameter in Mrd. (optional)",
    config_active: "Aktive Parameter in Mrd. (optional)",
    config_params_help: "Laut Modellkarte; ohne Angabe nimmt der Rechner die Zahl des Checkpoints (unten) \
                         oder schätzt sie aus den Größenangaben der config.json.",
    index_label: "Inhalt der model.safetensors.index.json (optional)",
    index_help: "Aus demselben Repository; es genügt ihr Objekt „metadata“. Seine Gesamtgröße ergibt \
                 die Parameterzahl des Checkpoints, an der der Rechner seine Schätzung prüft.",
    index_not_json: "Die model.safetensors.index.json ist kein gültiges JSON (oder länger als 16 MiB).",
    use_config: "Modell übernehmen",
    config_not_json: "Das ist kein gültiges JSON. Bitte die ganze config.json einfügen.",
    config_reading: "Die config.json wird gelesen …",
    config_unavailable: "Der Leser für die config.json ließ sich nicht laden. Bitte die Verbindung prüfen und \
                         noch einmal „Modell übernehmen“ wählen.",
    config_too_long: |kib| {
        format!(
            "Der Text ist länger als die Grenze von {kib} KiB, die der Rechner liest; \
             eine config.json hat wenige KiB."
        )
    },
    config_loaded: |estimated| match estimated {
        Some(p) => format!(
            "Übernommen. Die Parameterzahl ({p}) wurde aus den Größenangaben geschätzt \
             (ohne Normalisierungsschichten und Biases); genauer ist die Angabe in der Modellkarte."
        ),
        None => "Übernommen.".into(),
    },
    config_defaults: "Aus den Standardwerten der Transformers-Bibliothek ergänzt:",
    config_unknown: "Nicht verstanden (bitte prüfen, ob sie eine Rolle spielen):",
    expert_weights: "Datentyp der Experten",
    expert_weights_same: "wie die übrigen Gewichte",
    arithmetic: |p| format!("rechnet in {p}"),
    peak_assumption: |weights, arithmetic, peak, missing| match missing {
        None => format!("Gewichte {weights}, gerechnet in {arithmetic}: Spitzenleistung {peak} pro GPU."),
        Some(m) => format!(
            "Gewichte {weights}: Die GPU hat keine {m}-Einheiten, gerechnet wird in {arithmetic}: \
             Spitzenleistung {peak} pro GPU."
        ),
    },
    pin: "Als A festhalten und vergleichen",
    unpin: "Vergleich beenden",
    compare_summary: |b, a, change| format!("{b} gegenüber {a}: {change}"),
    change: |c, l| {
        let f = c.factor_text(l).unwrap_or_default();
        match c {
            Change::Same => "unverändert".to_string(),
            Change::Faster(_) => format!("{f}× schneller"),
            Change::Slower(_) => format!("{f}× langsamer"),
            Change::Multiple(_) => format!("{f}×"),
        }
    },
    compare_change: "Änderung",
    compare_summary_unfit: |b, a| format!("{b} gegenüber {a}"),
    compare_weights: |dtype| format!("Gewichte {dtype}"),
    compare_kv: |dtype| format!("KV-Cache {dtype}"),
    compare_workload: |field, value| match field {
        Field::Batch => format!("Batch {value}"),
        Field::Prompt => format!("Prompt {value}"),
        Field::Context => format!("Kontext {value}"),
        Field::Output => format!("Ausgabe {value}"),
        Field::Devices => format!("{value} GPUs"),
        Field::Reserve => format!("Reserve {value}"),
        other => format!("{} {value}", field_de(other)),
    },
    pinned_value: "A:",
    current_value: "B:",
    unchanged_figures: |n| {
        if n == 1 {
            "1 unveränderten Wert zeigen".to_string()
        } else {
            format!("{n} unveränderte Werte zeigen")
        }
    },
    series_pinned: "A (festgehalten)",
    computed_by_calculator: "vom Rechner berechnet; folgt seinen Eingaben",
    live_legend: (
        "Zahlen ",
        "in dieser Form",
        " rechnet der Rechner weiter unten aus; sie folgen seinen Eingaben.",
    ),
    computed_for_named_case: "vom Rechner berechnet, für den Fall, den der Satz nennt",
    needs_javascript: "Der Rechner braucht JavaScript. Ohne JavaScript zeigt er die Ergebnisse des Beispiels.",
    does_not_fit: |model, needed, hardware, devices| {
        if devices == 1 {
            format!("Die Gewichte von {model} brauchen {needed}\u{a0}× {hardware}; auf einer passen sie nicht.")
        } else {
            format!("Die Gewichte von {model} brauchen {needed}\u{a0}× {hardware}; auf {devices} passen sie nicht.")
        }
    },
    use_devices: |n| format!("{n} GPUs verwenden"),
    batch_does_not_fit: |batch, fits| match (batch, fits) {
        ("1", _) => "Der KV-Cache einer einzigen Anfrage passt nicht neben die Gewichte. Die Zahlen gelten für \
                     Speicher, der ihn fassen könnte."
            .to_string(),
        (_, "0") => format!(
            "Der KV-Cache von {batch}\u{a0}Anfragen passt nicht neben die Gewichte, nicht einmal der einer \
             einzigen. Die Zahlen gelten für Speicher, der sie fassen könnte."
        ),
        _ => format!(
            "Der KV-Cache von {batch}\u{a0}Anfragen passt nicht neben die Gewichte: Es passen höchstens {fits}. \
             Die Zahlen gelten für Speicher, der alle fassen könnte."
        ),
    },
    use_batch: |n| format!("Batchgröße {n} verwenden"),
    set_field: |label, value| format!("{label} auf {value} setzen"),
    critical_beyond_fit: |fits| format!("mehr als die {fits}, die passen"),
    memory_short: |short| format!("keiner ({short} zu wenig)"),
    compare_does_not_fit: |side| format!("{side} passt nicht in den Speicher."),
    scenario_line: |model, hardware, devices, batch, context| {
        format!("Ergebnisse für {model} auf {devices}\u{a0}× {hardware}, Batch {batch}, Kontext {context}\u{a0}Tokens")
    },
    landing_heading: "Warum die LLM-Inferenz auf den Speicher wartet",
    landing_lead: "Warum ist die Inferenz großer Sprachmodelle durch den Speicher begrenzt und nicht durch die \
        Rechenleistung? Dieses Glossar erklärt die Begriffe dahinter, jeden in eigenen Worten und mit \
        einem Rechner, der die Zahlen des Eintrags live nachrechnet.",
    landing_detail: "Es richtet sich an alle, die Modelle betreiben, Hardware auswählen oder Benchmarks lesen: Du \
        brauchst kein Vorwissen über GPUs, nur Neugier auf die Frage, wohin die Zeit eines Tokens geht.",
    landing_picture: "Das Roofline-Modell: Links vom Knickpunkt (Ridge) begrenzt die Speicherbandbreite, rechts davon \
        die Rechenleistung. Der Decode-Schritt liegt weit links.",
    picture_more: "Ausführlich:",
    picture_slope: "Speicherbandbreite",
    picture_roof: "Spitzen-FLOP/s",
    picture_performance: "Leistung (FLOP/s)",
    reading_path: "Hier anfangen",
    path_step: |n, of| format!("Hier anfangen, Schritt {n} von {of}"),
    contents: "Inhalt",
    section_link: "Link zu diesem Abschnitt",
    previous: "Zurück",
    next: "Weiter",
    memory_in_use: |used, total| format!("Speicher belegt: {used} von {total} nutzbar"),
    per_request: |speed| format!("{speed} pro Anfrage"),
    does_not_fit_short: "Passt nicht",
    needs_usable: |needed, usable| format!("braucht {needed}, nutzbar {usable}"),
    bit: "Bit",
    verdict_does_not_fit: |needed, usable, bound| {
        format!(
            "Gewichte und KV-Cache brauchen {needed}, nutzbar sind {usable}. Die Werte unten gelten für \
             Speicher, der alles fasst (dort: {bound})."
        )
    },
    results_cannot_happen: "Wenn es in den Speicher passte:",
    not_modelled: "Nicht modelliert:",
    not_modelled_after: ". Die Werte können daneben liegen.",
    unchecked_type: |t| format!("Modelltyp {t} (nicht geprüft)"),
    params_disagree: |given, shapes, percent| {
        format!(
            "Die angegebene Parameterzahl ({given}) weicht um {percent} von der ab, die die Formen der \
             Config ergeben ({shapes}). Die Gewichte rechnen mit der angegebenen Zahl; stimmen Config und \
             Checkpoint überein?"
        )
    },
    search_by_other_names: |shown, total| match total {
        1 => "1 Treffer über den englischen Namen".into(),
        n if shown < n => format!("{n} Treffer über die englischen Namen, die ersten {shown} hier"),
        n => format!("{n} Treffer über die englischen Namen"),
    },
};

static EN: Texts = Texts {
    site_title: "Glossary of LLM inference",
    site_tagline: "Why language models wait for memory, explained and calculated",
    skip_to_content: "Skip to content",
    index_heading: "All terms",
    entries_count: |n| {
        if n == 1 {
            "1 entry".into()
        } else {
            format!("{n} entries")
        }
    },
    language_name: "English",
    switch_language: "Language",
    switch_theme: "Switch the color scheme: system, dark, light",
    theme_system: "Colors: system",
    theme_dark: "Colors: dark",
    theme_light: "Colors: light",
    no_translation: "This term has no German entry yet.",
    not_found_title: "Page not found",
    not_found_text: "There is no entry at this address.",
    back_to_index: "Back to the index",
    also_called: "Also covers",
    sources_heading: "Sources",
    more_sources: |n| format!("{n} more sources"),
    updated: "Last updated",
    draft: "Draft",
    draft_notice: "This entry is a draft under review.",
    reviewed: "Reviewed",
    reviewed_notice: "This entry has been reviewed.",
    all_drafts: "All entries are drafts under review.",
    most_drafts: "Most entries are drafts under review; reviewed ones are marked.",
    related_heading: "Related terms",
    not_yet_written: "not yet written",
    prose_failed: "This entry’s text could not be loaded. Please reload the page.",
    search_label: "Search the glossary",
    search_placeholder: "Search…",
    search_both: "Include German entries",
    search_results: |shown, total| match total {
        1 => "1 result".into(),
        n if shown < n => format!("{n} results, the first {shown} shown"),
        n => format!("{n} results"),
    },
    search_none: "No match. Perhaps under another spelling?",
    search_loading: "Loading the search…",
    search_failed: "The search could not be loaded. Please reload the page.",
    loading: "Loading…",
    page_failed: "This page could not be loaded. Please reload it.",
    search_hint: "Arrow keys choose, Enter opens, Escape closes.",
    explained_under: "explained under",
    breadcrumb: "Breadcrumb",
    letters: "By first letter",
    filter_category: "Category",
    filter_marker: "Type",
    filter_all: "all",
    filter_reset: "Reset filters",
    entries_shown: |shown, total| format!("{shown} of {total} entries"),
    no_filter_match: "No entry matches this selection.",
    copy_link: "Copy link",
    scroll_table: "Table",
    scroll_formula: "Formula",
    link_copied: "Link copied",
    copy_failed: "Copying is not possible here; please take the address from the address bar.",
    calculator_heading: "Roofline calculator",
    model: "Model",
    hardware: "Hardware",
    edited: "edited",
    model_fields: "Model",
    hardware_fields: "Hardware",
    workload_fields: "Workload",
    weights_type: "Weight data type",
    kv_type: "KV cache data type",
    reset: "Reset to this entry’s example",
    show_formulas: "Show the arithmetic",
    results: "Results",
    stale_results: "An input is invalid; showing the last valid results.",
    memory_bound: "Memory-bound",
    compute_bound: "Compute-bound",
    verdict_detail: |ratio, intensity, ridge, l| {
        if ratio < 1.0 {
            format!(
                "An intensity of {intensity} is {}× below the ridge point ({ridge}): bandwidth is the limit.",
                format_significant(1.0 / ratio, 2, l)
            )
        } else {
            format!(
                "An intensity of {intensity} is {}× above the ridge point ({ridge}): compute is the limit.",
                format_significant(ratio, 2, l)
            )
        }
    },
    not_reached: "not reached",
    no_limit: "no limit",
    not_known: "not known",
    no_experts: "no experts",
    context_beyond_model: |model, limit| {
        format!(
            "{model} reads at most {limit}\u{a0}tokens of context. \
             The results are computed all the same, as if the model could read more."
        )
    },
    ignored_parameters: "Some values in the link were invalid and have been ignored:",
    not_a_number: "Please enter a number.",
    not_a_whole_number: "Please enter a whole number, 0 or more.",
    not_a_count: "Please enter a whole number, 1 or more.",
    field_label: field_en,
    output_label: output_en,
    error: error_en,
    chart_roofline: "Roofline",
    chart_batch: "Throughput against batch size",
    chart_capacity: "Capacity",
    chart_table: "Data points as a table",
    axis_intensity: "Intensity (FLOP/byte)",
    axis_performance: "Performance (TFLOP/s)",
    axis_batch: "Batch size",
    axis_tokens: "tokens/s",
    axis_context: "Context length (tokens)",
    axis_requests: "Requests",
    series_per_request: "per request",
    series_batch: "whole batch",
    decode_point: "decode",
    prefill_point: "prefill",
    ridge_point: "ridge point",
    memory_runs_out: "memory full",
    turns_compute_bound: "compute-bound from here",
    chart_bandwidth: |v| format!("bandwidth {v}"),
    chart_peak: |v| format!("peak {v}"),
    chart_ridge: |v| format!("ridge point {v}"),
    chart_batch_now: |v| format!("batch {v}"),
    chart_requests: |v| {
        if v == "1" {
            "1\u{a0}request".into()
        } else {
            format!("{v}\u{a0}requests")
        }
    },
    chart_pinned_point: "A",
    caption_roofline: caption_roofline_en,
    caption_does_not_fit: "This setup does not fit in memory: the hollow points show where its steps would sit \
                           if it did.",
    caption_batch: |critical, full| match (critical, full) {
        (_, None) => "Memory does not hold a single request: there is no throughput to show.".into(),
        (Some(c), Some(f)) => format!(
            "The whole batch’s throughput grows with the batch while memory is the limit, up to a batch of {c}; \
             beyond it compute is the limit and the curve flattens. Memory is full at {f}\u{a0}requests."
        ),
        (None, Some(f)) => format!(
            "The whole batch’s throughput grows with the batch until memory is full at {f}\u{a0}requests: \
             memory is the limit all the way."
        ),
    },
    read_out_roofline: |i, a, regime| format!("At {i}: at most {a} ({regime})"),
    read_out_batch: |b, one, all| format!("Batch {b}: {one} per request, {all} in all"),
    read_out_capacity: |c, n| match n {
        "1" => format!("{c}\u{a0}tokens of context: one request fits"),
        n => format!("{c}\u{a0}tokens of context: {n} requests fit"),
    },
    read_out_no_request: |c| format!("{c}\u{a0}tokens of context: no request fits"),
    read_out_hint: "Point at the chart, or select it and use ← →, to read its values.",
    caption_capacity: |requests, context| match requests {
        Some(n) => format!(
            "Each request’s KV cache grows with its context, so the longer the context, the fewer requests fit: \
             {n} at {context}\u{a0}tokens."
        ),
        None => format!(
            "Each request’s KV cache grows with its context: at {context}\u{a0}tokens not even one request fits."
        ),
    },
    field_help: help_en,
    model_details: "Model details",
    more_inputs: "More inputs",
    fewer_inputs: "Fewer inputs",
    own_model: "Your model (config.json)",
    own_model_summary: "Your model: paste its config.json",
    config_label: "Contents of config.json",
    config_help: "The config.json from the model’s Hugging Face repository, pasted whole. \
                  It is read in this browser only.",
    config_params: "Parameters in billions (optional)",
    config_active: "Active parameters in billions (optional)",
    config_params_help: "From the model card; if left empty, the calculator takes the checkpoint’s count (below) \
                         or estimates them from the config’s shapes.",
    index_label: "Contents of model.safetensors.index.json (optional)",
    index_help: "From the same repository; its “metadata” object is enough. Its total size gives \
                 the checkpoint’s parameter count, against which the calculator checks its estimate.",
    index_not_json: "The model.safetensors.index.json is not valid JSON (or longer than 16 MiB).",
    use_config: "Use this model",
    config_not_json: "This is not valid JSON. Please paste the whole config.json.",
    config_reading: "Reading the config.json …",
    config_unavailable: "The config.json reader could not be loaded. Check the connection and press \
                         “Use this model” again.",
    config_too_long: |kib| {
        format!("The text is longer than the {kib} KiB limit the calculator reads; a config.json takes a few KiB.")
    },
    config_loaded: |estimated| match estimated {
        Some(p) => format!(
            "Loaded. The parameter count ({p}) is estimated from the shapes (norms and biases left out); \
             the model card’s figure is more accurate."
        ),
        None => "Loaded.".into(),
    },
    config_defaults: "Filled in from the Transformers library’s defaults:",
    config_unknown: "Not understood (check whether they matter):",
    expert_weights: "Expert data type",
    expert_weights_same: "same as the other weights",
    arithmetic: |p| format!("{p} arithmetic"),
    peak_assumption: |weights, arithmetic, peak, missing| match missing {
        None => format!("{weights} weights and {arithmetic} arithmetic: a peak of {peak} per GPU."),
        Some(m) => format!(
            "{weights} weights: the GPU has no {m} units, so they are multiplied in {arithmetic}: \
             a peak of {peak} per GPU."
        ),
    },
    pin: "Pin as A and compare",
    unpin: "Stop comparing",
    compare_summary: |b, a, change| format!("{b} vs {a}: {change}"),
    change: |c, l| {
        let f = c.factor_text(l).unwrap_or_default();
        match c {
            Change::Same => "unchanged".to_string(),
            Change::Faster(_) => format!("{f}× faster"),
            Change::Slower(_) => format!("{f}× slower"),
            Change::Multiple(_) => format!("{f}×"),
        }
    },
    compare_change: "Change",
    compare_summary_unfit: |b, a| format!("{b} vs {a}"),
    compare_weights: |dtype| format!("{dtype} weights"),
    compare_kv: |dtype| format!("{dtype} KV cache"),
    compare_workload: |field, value| match field {
        Field::Batch => format!("batch {value}"),
        Field::Prompt => format!("{value}-token prompt"),
        Field::Context => format!("{value}-token context"),
        Field::Output => format!("{value} output tokens"),
        Field::Devices => format!("{value} GPUs"),
        Field::Reserve => format!("reserve {value}"),
        other => format!("{} {value}", field_en(other)),
    },
    pinned_value: "A:",
    current_value: "B:",
    unchanged_figures: |n| {
        if n == 1 {
            "Show 1 unchanged figure".to_string()
        } else {
            format!("Show {n} unchanged figures")
        }
    },
    series_pinned: "A (pinned)",
    computed_by_calculator: "computed by the calculator; follows its inputs",
    live_legend: (
        "Figures ",
        "in this style",
        " come from the calculator below and follow its inputs.",
    ),
    computed_for_named_case: "computed by the calculator for the case the sentence names",
    needs_javascript: "The calculator needs JavaScript. Without it, it shows the example’s results.",
    does_not_fit: |model, needed, hardware, devices| {
        if devices == 1 {
            format!("The weights of {model} need {needed}\u{a0}× {hardware}; on one they do not fit.")
        } else {
            format!("The weights of {model} need {needed}\u{a0}× {hardware}; on {devices} they do not fit.")
        }
    },
    use_devices: |n| format!("Use {n} GPUs"),
    batch_does_not_fit: |batch, fits| match (batch, fits) {
        ("1", _) => "The KV cache of a single request does not fit beside the weights. The figures hold for \
                     memory that could hold it."
            .to_string(),
        (_, "0") => format!(
            "The KV cache of {batch}\u{a0}requests does not fit beside the weights, not even one request’s. \
             The figures hold for memory that could hold them."
        ),
        _ => format!(
            "The KV cache of {batch}\u{a0}requests does not fit beside the weights: at most {fits} fit. \
             The figures hold for memory that could hold them all."
        ),
    },
    use_batch: |n| format!("Use batch {n}"),
    // The label mid-sentence: its first letter in lower case (ASCII, as every
    // English label begins; no Unicode case tables in the wasm for it).
    set_field: |label, value| {
        let mut label = label.to_string();
        if let Some(first) = label.get_mut(..1) {
            first.make_ascii_lowercase();
        }
        format!("Set {label} to {value}")
    },
    critical_beyond_fit: |fits| format!("beyond the {fits} that fit"),
    memory_short: |short| format!("none ({short} short)"),
    compare_does_not_fit: |side| format!("{side} does not fit in memory."),
    scenario_line: |model, hardware, devices, batch, context| {
        format!("Results for {model} on {devices}\u{a0}× {hardware}, batch {batch}, context {context}\u{a0}tokens")
    },
    landing_heading: "Why LLM inference waits for memory",
    landing_lead: "Why is serving a large language model limited by memory rather than by arithmetic? This \
        glossary explains the terms behind that question, each in plain words and with a calculator \
        that recomputes the entry’s figures live.",
    landing_detail: "It is written for people who run models, choose hardware or read benchmarks: no background in \
        GPUs needed, only curiosity about where the time of a token goes.",
    landing_picture: "The roofline model: left of the ridge point, memory bandwidth is the limit; right of it, \
        compute. A decode step sits far to the left.",
    picture_more: "In depth:",
    picture_slope: "memory bandwidth",
    picture_roof: "peak FLOP/s",
    picture_performance: "Performance (FLOP/s)",
    reading_path: "Start here",
    path_step: |n, of| format!("Start here, step {n} of {of}"),
    contents: "On this page",
    section_link: "Link to this section",
    previous: "Previous",
    next: "Next",
    memory_in_use: |used, total| format!("Memory in use: {used} of {total} usable"),
    per_request: |speed| format!("{speed} per request"),
    does_not_fit_short: "Does not fit",
    needs_usable: |needed, usable| format!("needs {needed}, {usable} usable"),
    bit: "bit",
    verdict_does_not_fit: |needed, usable, bound| {
        format!(
            "Weights and KV cache need {needed}; {usable} is usable. The figures below are for memory \
             that holds it all (there: {bound})."
        )
    },
    results_cannot_happen: "If it fit in memory:",
    not_modelled: "Not modeled:",
    not_modelled_after: "; the figures may be off.",
    unchecked_type: |t| format!("model type {t} (not checked)"),
    params_disagree: |given, shapes, percent| {
        format!(
            "The parameter count given ({given}) is {percent} away from what the config’s shapes give \
             ({shapes}). The weights use the count given; do the config and the checkpoint match?"
        )
    },
    search_by_other_names: |shown, total| match total {
        1 => "1 result by its German name".into(),
        n if shown < n => format!("{n} results by their German names, the first {shown} shown"),
        n => format!("{n} results by their German names"),
    },
};

/// Where a phase sits against the ridge point, from its intensity ÷ ridge point:
/// 0 far left (below a tenth), 1 left, 2 right, 3 far right (ten times or more).
fn ridge_side(ratio: f64) -> usize {
    usize::from(ratio >= 0.1) + usize::from(ratio >= 1.0) + usize::from(ratio >= 10.0)
}

fn caption_roofline_de(decode: f64, prefill: f64) -> String {
    let side = |r: f64| ["weit links", "links", "rechts", "weit rechts"][ridge_side(r)];
    let limit = |r: f64| if r < 1.0 { "Bandbreite" } else { "Rechenleistung" };
    let first = format!(
        "Der Decode-Schritt liegt {} vom Knickpunkt: Die {} bremst.",
        side(decode),
        limit(decode)
    );
    if (decode < 1.0) == (prefill < 1.0) {
        format!(
            "{first} Auch der Prefill liegt {} davon: Die {} bremst beide.",
            side(prefill),
            limit(prefill)
        )
    } else {
        format!(
            "{first} Der Prefill liegt {} davon: Die {} bremst.",
            side(prefill),
            limit(prefill)
        )
    }
}

fn caption_roofline_en(decode: f64, prefill: f64) -> String {
    let side = |r: f64| ["far left", "left", "right", "far right"][ridge_side(r)];
    let limit = |r: f64| if r < 1.0 { "memory" } else { "compute" };
    let first = format!(
        "Decode sits {} of the ridge point: {} is the limit.",
        side(decode),
        limit(decode)
    );
    if (decode < 1.0) == (prefill < 1.0) {
        format!(
            "{first} Prefill sits {} of it too, so {} limits both.",
            side(prefill),
            limit(prefill)
        )
    } else {
        format!(
            "{first} Prefill sits {} of it: {} is the limit.",
            side(prefill),
            limit(prefill)
        )
    }
}

fn index_error_de(e: &IndexError) -> String {
    match e {
        IndexError::NotAnIndex => "Die model.safetensors.index.json braucht ein Objekt „metadata“ mit \
                                   „total_size“ (oder „total_parameters“)."
            .into(),
        IndexError::NoDtype => "Die config.json nennt keinen Datentyp (torch_dtype), mit dem sich die Größe \
                                in Parameter umrechnen ließe: bitte die Parameterzahl der Modellkarte eintragen."
            .into(),
        IndexError::Quantized(method) => format!(
            "Der Checkpoint ist quantisiert ({method}): Seine Größe mischt Formate und ergibt keine \
             Parameterzahl. Bitte die Zahl der Modellkarte eintragen."
        ),
    }
}

fn index_error_en(e: &IndexError) -> String {
    match e {
        IndexError::NotAnIndex => "The model.safetensors.index.json needs a “metadata” object with “total_size” \
             (or “total_parameters”)."
            .into(),
        IndexError::NoDtype => "The config.json names no data type (torch_dtype) to turn the size into parameters: \
                                please enter the model card’s parameter count."
            .into(),
        IndexError::Quantized(method) => format!(
            "The checkpoint is quantized ({method}): its size mixes formats and gives no parameter count. \
             Please enter the model card’s count."
        ),
    }
}

/// What a refused model type needs, as a reader is told.
fn refusal_de(kind: Refusal) -> &'static str {
    match kind {
        Refusal::CrossAttention => "Seine Decoder-Schichten lesen per Cross-Attention die Ausgabe eines Encoders",
        Refusal::Encoder => "Es ist ein bidirektionaler Encoder, kein kausaler Decoder",
        Refusal::PerLayerShapes => "Seine Schichten haben unterschiedliche Breiten, Kopfzahlen oder Kopfgrößen",
        Refusal::SharedKv => "Es teilt seinen KV-Cache mit einem anderen Modell oder zwischen Schichten",
        Refusal::Recurrence => "Statt Attention mischt eine eigene Rekurrenz die Tokens (RWKV, xLSTM, RG-LRU)",
        Refusal::SharedLayers => "Es verwendet die Gewichte von Schichten mehrfach im Stapel",
        Refusal::AttentionExperts => "Seine Attention-Schichten bestehen aus Experten",
        Refusal::Convolution => "Einige Schichten mischen die Tokens mit einer kurzen Faltung",
        Refusal::LinearAttention => "Es nutzt eine andere Art linearer Attention (Lightning Attention)",
        Refusal::ParallelBlocks => "Eine Schicht enthält mehrere Mischer oder Teilschichten nebeneinander",
        Refusal::ExtraStacks => "Neben dem Decoder arbeiten weitere Stapel (ein Tiefen-Decoder, ein Audio-Codec)",
        Refusal::AttentionKind => "Es nutzt eine eigene Attention-Art (gehasht oder komprimiert)",
    }
}

/// What a refused model type needs, as a reader is told.
fn refusal_en(kind: Refusal) -> &'static str {
    match kind {
        Refusal::CrossAttention => "its decoder layers read an encoder’s output through cross-attention",
        Refusal::Encoder => "it is a bidirectional encoder, not a causal decoder",
        Refusal::PerLayerShapes => "its layers differ in width, head count or head size",
        Refusal::SharedKv => "it shares its KV cache with another model or between layers",
        Refusal::Recurrence => "a recurrence of its own mixes the tokens instead of attention (RWKV, xLSTM, RG-LRU)",
        Refusal::SharedLayers => "it reuses the weights of layers across its stack",
        Refusal::AttentionExperts => "its attention layers are made of experts",
        Refusal::Convolution => "some of its layers mix tokens with a short convolution",
        Refusal::LinearAttention => "it uses another kind of linear attention (lightning attention)",
        Refusal::ParallelBlocks => "a layer holds several mixers or sublayers side by side",
        Refusal::ExtraStacks => "further stacks work beside the decoder (a depth decoder, an audio codec)",
        Refusal::AttentionKind => "it uses an attention of its own (hashed or compressed)",
    }
}

fn config_error_de(e: &ConfigError) -> String {
    match e {
        ConfigError::NotAnObject => "Die config.json muss ein JSON-Objekt sein ({ … }).".into(),
        ConfigError::Missing(keys) => format!("Es fehlt eine Angabe, die der Rechner braucht: {}.", keys.join(" / ")),
        ConfigError::Invalid(key) => format!("„{key}“ muss eine ganze Zahl sein."),
        ConfigError::OutOfRange { key, field, max } => format!(
            "„{key}“ ({}) darf höchstens {} sein.",
            field_de(*field),
            format_significant(*max, 3, Locale::De)
        ),
        ConfigError::Unsupported(kind) => {
            format!("Diese Schichtart modelliert der Rechner nicht: {kind}. Er rechnet das Modell daher nicht.")
        }
        ConfigError::Unhonoured(key) => format!(
            "{key} gibt den Schichten Formen oder Arten, die der Rechner nicht modelliert. \
             Er rechnet das Modell daher nicht."
        ),
        ConfigError::Length { key, found, layers } => format!(
            "„{key}“ nennt {found} Schichten, das Modell hat aber {layers} (num_hidden_layers); \
             die Liste muss eine Angabe je Schicht enthalten."
        ),
        ConfigError::Refused { model_type, kind } => format!(
            "Modelltyp {model_type}: {}. Das modelliert der Rechner nicht; er rechnet das Modell daher nicht.",
            refusal_de(*kind)
        ),
    }
}

fn config_error_en(e: &ConfigError) -> String {
    match e {
        ConfigError::NotAnObject => "The config.json must be a JSON object ({ … }).".into(),
        ConfigError::Missing(keys) => format!("A figure the calculator needs is missing: {}.", keys.join(" / ")),
        ConfigError::Invalid(key) => format!("“{key}” must be a whole number."),
        ConfigError::OutOfRange { key, field, max } => format!(
            "“{key}” ({}) must be at most {}.",
            field_en(*field),
            format_significant(*max, 3, Locale::En)
        ),
        ConfigError::Unsupported(kind) => {
            format!("The calculator does not model this kind of layer: {kind}. It does not compute this model.")
        }
        ConfigError::Unhonoured(key) => format!(
            "{key} gives the layers shapes or kinds the calculator does not model. It does not compute this model."
        ),
        ConfigError::Length { key, found, layers } => format!(
            "“{key}” names {found} layers, but the model has {layers} (num_hidden_layers); \
             it must name one per layer."
        ),
        ConfigError::Refused { model_type, kind } => format!(
            "Model type {model_type}: {}. The calculator does not model this, so it does not compute this model.",
            refusal_en(*kind)
        ),
    }
}

fn help_de(f: Field) -> &'static str {
    match f {
        Field::Params => "Alle Gewichte des Modells, laut Modellkarte.",
        Field::ActiveParams => "Gewichte, die ein Token durchläuft; bei Mixture-of-Experts-Modellen nur ein Teil.",
        Field::Experts => "Geroutete Experten pro Schicht: num_local_experts, num_experts oder n_routed_experts.",
        Field::ActiveExperts => "Experten, die der Router pro Token und Schicht wählt: num_experts_per_tok.",
        Field::SharedExperts => "Experten, die jedes Token zusätzlich zu den gerouteten durchläuft: n_shared_experts.",
        Field::Layers => "Alle Schichten jeder Art: num_hidden_layers in der config.json.",
        Field::Hidden => "Breite des Modells: hidden_size.",
        Field::Heads => "Query-Heads: num_attention_heads.",
        Field::KvHeads => "Key/Value-Heads, bei Grouped-Query-Attention weniger: num_key_value_heads.",
        Field::HeadDim => "Breite eines Heads: head_dim (nicht immer hidden_size ÷ Heads).",
        Field::Vocab => "Größe des Vokabulars: vocab_size.",
        Field::TiedEmbeddings => "1, wenn der LM-Head die Embedding-Tabelle ist: tie_word_embeddings.",
        Field::SlidingWindow => "Tokens, die eine lokale Schicht sieht: sliding_window; 0 für keines.",
        Field::SlidingLayers => {
            "Schichten mit Fenster; die übrigen (globalen) sehen den ganzen Kontext. \
                                 Gezählt aus layer_types oder sliding_window_pattern."
        }
        Field::KvLoraRank => "Breite des gecachten latenten Vektors bei Multi-Head-Latent-Attention: kv_lora_rank.",
        Field::RopeDim => "Breite des RoPE-Keys neben dem latenten Vektor; alle Heads teilen ihn: qk_rope_head_dim.",
        Field::MaxContext => "Längster Kontext, für den das Modell ausgelegt ist: max_position_embeddings.",
        Field::LinearLayers => "Gated DeltaNet (Qwen3-Next): kein KV-Cache, ein Zustand fester Größe pro Anfrage.",
        Field::SsmLayers => "„M“ in hybrid_override_pattern: kein KV-Cache, ein Zustand fester Größe pro Anfrage.",
        Field::PlainLayers => "„-“ und „E“ in hybrid_override_pattern: kein KV-Cache, kein Zustand.",
        Field::LinearState => "Speicher einer Anfrage in einer solchen Schicht, gleich bei jeder Kontextlänge (BF16).",
        Field::SsmState => "Speicher einer Anfrage in einer Mamba-Schicht, gleich bei jeder Kontextlänge (BF16).",
        Field::IndexDim => "Elemente pro Token und Schicht im Key-Cache des Indexers: index_head_dim.",
        Field::Memory => "Speicher einer GPU in GB (10⁹ Byte), laut Datenblatt.",
        Field::Bandwidth => {
            "Speicherbandbreite einer GPU in GB/s, laut Datenblatt; sie bestimmt das Tempo beim Decoding."
        }
        Field::Peak => "FP16/BF16-Spitzenleistung einer GPU, nicht der doppelte Wert „mit Sparsity“.",
        Field::Devices => {
            "GPUs, auf die das Modell aufgeteilt wird (idealer Tensor-Parallelismus, ohne Kommunikationskosten); \
             in vLLM: --tensor-parallel-size."
        }
        Field::Batch => "Anfragen, die in einem Schritt gemeinsam dekodiert werden.",
        Field::Prompt => "Tokens im Prompt jeder Anfrage (Prefill).",
        Field::Context => "Tokens im KV-Cache beim betrachteten Decode-Schritt: Prompt plus bisherige Ausgabe.",
        Field::Output => "Tokens, die jede Anfrage erzeugt.",
        Field::Reserve => {
            "Anteil des Speichers jeder GPU, der für Aktivierungen, Fragmentierung und Overhead frei bleibt; \
             der KV-Cache bekommt, was nach den Gewichten übrig ist. Entspricht ungefähr dem, was \
             --gpu-memory-utilization in vLLM übrig lässt (0,1 beim Standardwert 0,9); vLLM rechnet die \
             Aktivierungen allerdings in seine 0,9 ein."
        }
        Field::GroupSize => "Gewichte pro Skalierungsfaktor im 4-Bit-Format; 128 ist üblich, 0 für keine Gruppen.",
        Field::DraftTokens => "Tokens, die das Entwurfsmodell pro Schritt vorschlägt; 0 schaltet es ab.",
        Field::Acceptance => "Wahrscheinlichkeit, dass das Modell ein vorgeschlagenes Token annimmt.",
        Field::DraftParams => "Größe des Entwurfsmodells in Milliarden Parametern.",
    }
}

fn help_en(f: Field) -> &'static str {
    match f {
        Field::Params => "All weights of the model, from its model card.",
        Field::ActiveParams => "Weights one token passes through; in a mixture-of-experts model only some of them.",
        Field::Experts => "Routed experts per layer: num_local_experts, num_experts or n_routed_experts.",
        Field::ActiveExperts => "Experts the router picks per token and layer: num_experts_per_tok.",
        Field::SharedExperts => "Experts every token passes through besides the routed ones: n_shared_experts.",
        Field::Layers => "All layers of every kind: num_hidden_layers in config.json.",
        Field::Hidden => "Width of the model: hidden_size.",
        Field::Heads => "Query heads: num_attention_heads.",
        Field::KvHeads => "Key/value heads, fewer with grouped-query attention: num_key_value_heads.",
        Field::HeadDim => "Width of one head: head_dim (not always hidden_size ÷ heads).",
        Field::Vocab => "Size of the vocabulary: vocab_size.",
        Field::TiedEmbeddings => "1 where the LM head is the embedding table: tie_word_embeddings.",
        Field::SlidingWindow => "Tokens a windowed layer attends to: sliding_window; 0 for none.",
        Field::SlidingLayers => {
            "Layers with the window; the others see the whole context. \
                                 Counted from layer_types or sliding_window_pattern."
        }
        Field::KvLoraRank => "Width of the cached key/value latent in multi-head latent attention: kv_lora_rank.",
        Field::RopeDim => "Width of the RoPE key cached beside the latent and shared by all heads: qk_rope_head_dim.",
        Field::MaxContext => "Longest context the model is built for: max_position_embeddings.",
        Field::LinearLayers => "Gated DeltaNet (Qwen3-Next): no KV cache, a state of fixed size per request.",
        Field::SsmLayers => "‘M’ in hybrid_override_pattern: no KV cache, a state of fixed size per request.",
        Field::PlainLayers => "‘-’ and ‘E’ in hybrid_override_pattern: no KV cache, no state.",
        Field::LinearState => "Memory one request takes in one such layer, the same at any context length (BF16).",
        Field::SsmState => "Memory one request takes in one Mamba layer, the same at any context length (BF16).",
        Field::IndexDim => "Elements the sparse-attention indexer caches per token and layer: index_head_dim.",
        Field::Memory => "Memory of one GPU in GB (10⁹ bytes), from its datasheet.",
        Field::Bandwidth => "Memory bandwidth of one GPU in GB/s, from its datasheet; it sets the pace of decoding.",
        Field::Peak => "Dense FP16/BF16 peak of one GPU, not the doubled figure “with sparsity”.",
        Field::Devices => {
            "GPUs the model is split across (ideal tensor parallelism, no communication cost); \
             in vLLM: --tensor-parallel-size."
        }
        Field::Batch => "Requests decoded together in one step.",
        Field::Prompt => "Tokens in each request’s prompt (prefill).",
        Field::Context => "Tokens in the KV cache at the decode step considered: prompt plus output so far.",
        Field::Output => "Tokens each request generates.",
        Field::Reserve => {
            "Share of each GPU’s memory kept free for activations, fragmentation and overhead; the KV cache \
             gets what is left after the weights. Close to what vLLM’s --gpu-memory-utilization leaves (0.1 at \
             its default of 0.9), though vLLM counts activations inside its 0.9."
        }
        Field::GroupSize => "Weights sharing one scale in a 4-bit format; 128 is usual, 0 for no groups.",
        Field::DraftTokens => "Tokens the draft model proposes per step; 0 turns it off.",
        Field::Acceptance => "Chance that the model accepts a proposed token.",
        Field::DraftParams => "Size of the draft model in billions of parameters.",
    }
}

/// `YYYY-MM-DD` as a reader of `lang` writes dates ("21. September 2026",
/// "September 21, 2026"); anything else as it is.
pub fn format_date(date: &str, lang: Lang) -> String {
    const DE: [&str; 12] = [
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ];
    const EN: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let parts: Vec<u32> = date.split('-').filter_map(|p| p.parse().ok()).collect();
    match parts.as_slice() {
        [y, m, d] if (1..=12).contains(m) => {
            let i = *m as usize - 1;
            match lang {
                Lang::De => format!("{d}. {} {y}", DE[i]),
                Lang::En => format!("{} {d}, {y}", EN[i]),
            }
        }
        _ => date.to_string(),
    }
}

#[cfg(test)]
mod date_tests {
    use super::*;

    #[test]
    fn dates_in_the_readers_format() {
        assert_eq!(format_date("2026-09-21", Lang::De), "21. September 2026");
        assert_eq!(format_date("2026-03-01", Lang::En), "March 1, 2026");
        assert_eq!(format_date("2026-13-01", Lang::En), "2026-13-01");
        assert_eq!(format_date("garbage", Lang::En), "garbage");
    }
}
